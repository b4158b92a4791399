/**
 * Cost records off the request path: a request hands its record over and returns at once; records
 * are written in batches of at most `batchSize` (DynamoDB's BatchWriteItem takes 25), when a batch is
 * full, `intervalMs` after the first record of a batch arrived, and on `flush()` (the local stack
 * calls it when it stops, the bench before it reads the records). A failed write is reported to
 * `onError` and the records dropped: bookkeeping never fails a request, nor retries for ever.
 *
 * The cloud writes no records (it emits the RequestCostUsd metric); this serves COST_RECORDS=dynamodb.
 */
export interface CostRecordBatcher<T> {
  add(record: T): void;
  /** Writes what is buffered and waits for every write started so far. Never rejects. */
  flush(): Promise<void>;
  /** Records buffered and not yet handed to a write. */
  pending(): number;
}

export interface CostRecordBatcherOptions<T> {
  writeBatch: (records: T[]) => Promise<void>;
  onError: (error: unknown, records: number) => void;
  batchSize?: number;
  intervalMs?: number;
}

export const COST_RECORD_BATCH_SIZE = 25;
export const COST_RECORD_FLUSH_MS = 200;

export function createCostRecordBatcher<T>(options: CostRecordBatcherOptions<T>): CostRecordBatcher<T> {
  const batchSize = options.batchSize ?? COST_RECORD_BATCH_SIZE;
  const intervalMs = options.intervalMs ?? COST_RECORD_FLUSH_MS;
  let buffer: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writing = new Set<Promise<void>>();

  const writeOut = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batchSize);
      const write = options
        .writeBatch(batch)
        .catch((error: unknown) => options.onError(error, batch.length))
        .finally(() => writing.delete(write));
      writing.add(write);
    }
  };

  return {
    add(record) {
      buffer.push(record);
      if (buffer.length >= batchSize) writeOut();
      else if (!timer) {
        timer = setTimeout(writeOut, intervalMs);
        // A buffered record must not keep a process alive; the stack flushes when it stops.
        timer.unref();
      }
    },
    async flush() {
      writeOut();
      await Promise.all([...writing]);
    },
    pending: () => buffer.length,
  };
}
