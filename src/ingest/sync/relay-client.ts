export async function uploadDocument(_b: string, _k: string, _d: unknown): Promise<{ outcome: string }> {
  throw new Error('todo');
}
