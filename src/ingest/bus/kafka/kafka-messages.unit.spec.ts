import { describe, expect, it } from 'vitest';
import { jobRecord, partitionKeyOf, readJob, readSettlement, settlementRecord } from './kafka-messages.ts';

const JOB_ID = '0b7c8f4e-6f1e-4b7a-9d43-2a9f0f1c5e11';

describe('the Kafka bus records', () => {
  it('key a job by its company when it has one, else by its document', () => {
    expect(jobRecord(JOB_ID, { documentId: 'd1', priority: 2, key: 'company:abc' }).key).toBe('company:abc');
    expect(jobRecord(JOB_ID, { documentId: 'd1', priority: 2 }).key).toBe('document:d1');
    expect(partitionKeyOf({ documentId: 'd2' })).toBe('document:d2');
  });

  it('carry a reference to the stored document, never its bytes, and read back as written', () => {
    const record = jobRecord(JOB_ID, { documentId: 'd1', format: 'nse-equity-list', priority: 0, key: 'company:abc' });
    expect(JSON.parse(record.value)).toEqual({
      jobId: JOB_ID,
      documentId: 'd1',
      format: 'nse-equity-list',
      priority: 0,
      key: 'company:abc',
    });
    expect(readJob(record.value)).toEqual({ ok: true, job: JSON.parse(record.value) });
  });

  it('tell a record that is no job from one that is', () => {
    expect(readJob('not json')).toEqual({ ok: false, error: 'not JSON' });
    expect(readJob(JSON.stringify({ jobId: 'x', documentId: 'd' }))).toMatchObject({ ok: false });
  });

  it('read settlements back as the port reports them', () => {
    const failed = settlementRecord({ jobId: JOB_ID, documentId: 'd1', state: 'failed', error: 'boom' });
    expect(failed.key).toBe(JOB_ID);
    expect(readSettlement(failed.value)).toEqual({ jobId: JOB_ID, state: 'failed' });
    expect(readSettlement('{}')).toBeUndefined();
  });
});
