/**
 * Purpose text as the grammar reads it: runs of spaces collapsed (BSE writes "Stock  Split")
 * and two words NSE sometimes glues together pulled apart ("Annual General Meetingdividend",
 * "Interimdividend").
 */
export function tidyPurpose(text: string): string {
  return text
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/meeting(?=div)/gi, 'Meeting/')
    .replace(/(interim|final|special)(?=div)/gi, '$1 ');
}

/** Purpose text in a natural key: tidied and lower-cased, so spacing and case do not split one action in two. */
export function normalisePurpose(text: string): string {
  return tidyPurpose(text).toLowerCase();
}
