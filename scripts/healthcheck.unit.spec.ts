import { describe, expect, it } from 'vitest';
import { establishedRemotePorts, isUp } from './healthcheck.mjs';

// Lines in the kernel's layout (/proc/net/tcp, tcp6): a listener (0A), a connection to
// KurrentDB's 2113 (0x0841) established (01), one to Kafka's 9092 (0x2384) still opening (02),
// and over IPv6 one to PostgreSQL's 5432 (0x1538) closing (06) and one to Kafka established.
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1F40 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 3826 1 0000000050990741 100 0 0 10 0
   1: 0500A8C0:A1B2 0300A8C0:0841 01 00000000:00000000 02:00000A2B 00000000  1000        0 4934 1 000000001ad94eff 20 4 30 10 -1
   2: 0500A8C0:A1B4 0400A8C0:2384 02 00000001:00000000 01:00000064 00000000  1000        0 5084 1 000000002a23ecd3 100 0 0 10 0
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0000000000000000FFFF00000500A8C0:B000 0000000000000000FFFF00000600A8C0:1538 06 00000000:00000000 03:00000E10 00000000     0        0 0 3 0000000000000000
   1: 0000000000000000FFFF00000500A8C0:B002 0000000000000000FFFF00000400A8C0:2384 01 00000000:00000000 02:00000A2B 00000000  1000        0 5090 1 0000000054b7b920 20 4 30 10 -1
`;

describe('the health check of a process without HTTP: its connections', () => {
  it('finds the remote ports of established connections only', () => {
    expect(establishedRemotePorts(TCP)).toEqual(new Set([2113]));
    expect(establishedRemotePorts(TCP6)).toEqual(new Set([9092]));
  });

  it('finds none in an empty table (a container whose process holds no connection)', () => {
    expect(establishedRemotePorts(TCP.split('\n')[0] ?? '')).toEqual(new Set());
    expect(establishedRemotePorts('')).toEqual(new Set());
  });
});

describe('the health check of the API', () => {
  it('counts ok and degraded (200) as up, and a stopping or failing API (503, 500) as down', () => {
    expect([200, 404, 429, 500, 503].map(isUp)).toEqual([true, true, true, false, false]);
  });
});
