import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCostRecordBatcher } from './cost-record-batcher';

const written: number[][] = [];
const errors: { message: string; records: number }[] = [];

function batcher(options: { fail?: boolean } = {}) {
  return createCostRecordBatcher<number>({
    writeBatch: async (records) => {
      if (options.fail) throw new Error('ProvisionedThroughputExceededException');
      written.push(records);
    },
    onError: (error, records) => errors.push({ message: (error as Error).message, records }),
    batchSize: 25,
    intervalMs: 200,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  written.length = 0;
  errors.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cost record batcher', () => {
  it('writes a full batch of 25 at once, without waiting for the timer, and keeps the 26th', async () => {
    const records = batcher();
    for (let index = 1; index <= 26; index += 1) records.add(index);
    await vi.advanceTimersByTimeAsync(0);
    // 26 records: one batch of 25 (1..25) written, the 26th still buffered.
    expect(written).toEqual([Array.from({ length: 25 }, (_, index) => index + 1)]);
    expect(records.pending()).toBe(1);
  });

  it('writes a partial batch when the timer fires, not before', async () => {
    const records = batcher();
    records.add(1);
    records.add(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[1, 2]]);
    expect(records.pending()).toBe(0);
  });

  it('writes everything buffered on flush (the stack stopping), in batches of at most 25', async () => {
    const records = batcher();
    // 60 records: batches 1..25 and 26..50 go at once; flush writes the last 10 (51..60).
    for (let index = 1; index <= 60; index += 1) records.add(index);
    await records.flush();
    expect(written.map((batch) => [batch[0], batch.at(-1), batch.length])).toEqual([
      [1, 25, 25],
      [26, 50, 25],
      [51, 60, 10],
    ]);
    expect(records.pending()).toBe(0);
  });

  it('reports a failed write to onError and does not throw, on add, on the timer or on flush', async () => {
    const records = batcher({ fail: true });
    expect(() => {
      for (let index = 0; index < 30; index += 1) records.add(index);
    }).not.toThrow();
    await expect(records.flush()).resolves.toBeUndefined();
    expect(errors).toEqual([
      { message: 'ProvisionedThroughputExceededException', records: 25 },
      { message: 'ProvisionedThroughputExceededException', records: 5 },
    ]);
    records.add(99);
    await vi.advanceTimersByTimeAsync(200);
    expect(errors.at(-1)).toEqual({ message: 'ProvisionedThroughputExceededException', records: 1 });
  });
});
