import { parentPort, workerData } from 'node:worker_threads';
import type { ServiceArea } from '@app/shared/api';
import type { AreaHandler } from './api-gateway-adapter';
import type { FromAreaWorker, ToAreaWorker } from './area-workers';
import { lambdaContext } from './lambda-context';

/*
 * One service area in a thread of its own, as a Lambda function is one area (area-workers.ts): it
 * imports the area's handler with the environment the stack set (a copy of the parent's, taken when
 * the thread started), answers the requests the adapter hands over, and writes its buffered cost
 * records when the stack stops.
 */

const port = parentPort;
if (!port) throw new Error('area-worker.ts runs as a worker thread (area-workers.ts)');
const { area } = workerData as { area: ServiceArea };
const { handler } = (await import(`@app/functions/${area}/handler`)) as { handler: AreaHandler };
const { flushCostRecords } = await import('@app/functions/data/costs-repository');

const post = (message: FromAreaWorker) => port.postMessage(message);

port.on('message', (message: ToAreaWorker) => {
  if (message.type === 'flush') {
    void flushCostRecords().then(() => post({ type: 'flushed', id: message.id }));
    return;
  }
  handler(message.event, lambdaContext(area, message.requestId)).then(
    (result) => post({ type: 'result', id: message.id, result }),
    (error: unknown) =>
      post({
        type: 'error',
        id: message.id,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
post({ type: 'ready' });
