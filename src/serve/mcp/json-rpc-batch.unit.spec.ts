import { describe, expect, it } from 'vitest';
import { BATCH_PROTOCOL_VERSIONS, batchVerdict, requestsOf } from './json-rpc-batch.ts';

const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_datasets', arguments: {} } });
const calls = (n: number) => Array.from({ length: n }, (_, i) => call(i + 1));
const bytes = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => bytes(JSON.stringify(value));

describe('batchVerdict', () => {
  it('leaves a single message, an empty array and a body that is not JSON to the SDK, as one request', () => {
    for (const body of [json(call(1)), json([]), bytes('[{"jsonrpc": "2.0", '), bytes('hello'), bytes('')]) {
      const verdict = batchVerdict(body, undefined, 20);
      expect(verdict).toEqual({ kind: 'single' });
      expect(requestsOf(verdict)).toBe(1);
    }
  });

  it('serves a batch on 2025-03-26, the revision assumed when a request names none, counting each message', () => {
    expect(BATCH_PROTOCOL_VERSIONS).toContain('2025-03-26');
    for (const header of [undefined, '', '2025-03-26', ' 2025-03-26 ']) {
      const verdict = batchVerdict(json(calls(3)), header, 20);
      expect(verdict, String(header)).toEqual({ kind: 'batch', messages: calls(3) });
      expect(requestsOf(verdict)).toBe(3);
    }
  });

  it('reads a batch behind JSON whitespace or a byte-order mark, as the SDK does', () => {
    for (const text of [` \n\t${JSON.stringify(calls(2))}`, `\uFEFF${JSON.stringify(calls(2))}`]) {
      expect(requestsOf(batchVerdict(bytes(text), undefined, 20))).toBe(2);
    }
  });

  it('refuses a batch on 2025-06-18 and every later revision, and on a version it does not know', () => {
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28', 'nonsense', '2025-03-26, 2025-06-18']) {
      const verdict = batchVerdict(json(calls(2)), version, 20);
      expect(verdict, version).toEqual({ kind: 'refused', message: expect.stringContaining(`protocol version ${version}`) });
      expect(verdict.kind === 'refused' && verdict.message).toMatch(/removed in 2025-06-18\); send one message per request$/);
      expect(requestsOf(verdict)).toBe(1);
    }
    expect(BATCH_PROTOCOL_VERSIONS.filter((version) => version >= '2025-06-18')).toEqual([]);
  });

  it('refuses a batch longer than the bound, and one holding initialize', () => {
    expect(requestsOf(batchVerdict(json(calls(20)), undefined, 20))).toBe(20);
    expect(batchVerdict(json(calls(21)), undefined, 20)).toEqual({
      kind: 'refused',
      message: 'Invalid Request: a JSON-RPC batch may hold at most 20 messages here, and this one holds 21; split it',
    });
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-03-26' } };
    expect(batchVerdict(json([initialize]), undefined, 20)).toEqual({
      kind: 'refused',
      message: 'Invalid Request: initialize must be sent on its own, not in a JSON-RPC batch',
    });
  });
});
