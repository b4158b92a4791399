import { Worker } from 'node:worker_threads';

/*
 * Stamps the instant a request reaches the simulator, on a thread of its own.
 *
 * A provider counts requests when they reach it, whatever its client's process is doing. The
 * simulator's server runs on the event loop of the process that started it, which in the integration
 * tests also runs the workers sending the requests: a request written while that loop merged another
 * symbol's bars was stamped when the loop came back, up to 650 ms later (bench/results.md section 8),
 * and requests a slot apart were logged in the same second. So the simulator's port belongs to a
 * thread that only forwards bytes: it notes when a request's first byte arrived and passes the instant
 * on in a header the simulator logs.
 *
 * The requests are GETs (the simulator answers nothing else): a request is its head, up to the first
 * empty line, with no body after it.
 */

export const ARRIVED_AT_HEADER = 'x-simulator-arrived-at';

export interface ArrivalStamper {
  port: number;
  stop(): Promise<void>;
}

const STAMPER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const sockets = new Set();
const track = (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); return socket; };
const server = net.createServer((client) => {
  track(client);
  const upstream = track(net.connect(workerData.upstreamPort, '127.0.0.1'));
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  upstream.pipe(client);
  let pending = Buffer.alloc(0);
  let firstByteAt = 0;
  client.on('data', (chunk) => {
    const at = performance.timeOrigin + performance.now();
    if (pending.length === 0) firstByteAt = at;
    pending = Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf('\\r\\n\\r\\n'); end >= 0; end = pending.indexOf('\\r\\n\\r\\n')) {
      const lineEnd = pending.indexOf('\\r\\n');
      upstream.write(Buffer.concat([
        pending.subarray(0, lineEnd + 2),
        Buffer.from(workerData.header + ': ' + firstByteAt + '\\r\\n', 'latin1'),
        pending.subarray(lineEnd + 2, end + 4),
      ]));
      pending = pending.subarray(end + 4);
      firstByteAt = at;
    }
  });
  client.on('end', () => upstream.end());
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
});
server.listen(workerData.port, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => parentPort.postMessage('stopped'));
});
`;

/** Listens on `port` (0: any free one) and forwards every connection to the server on `upstreamPort`. */
export async function startArrivalStamper(port: number, upstreamPort: number): Promise<ArrivalStamper> {
  const worker = new Worker(STAMPER_THREAD, {
    eval: true,
    workerData: { port, upstreamPort, header: ARRIVED_AT_HEADER },
  });
  const listening = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    port: listening,
    async stop() {
      await new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('stop');
      });
      await worker.terminate();
    },
  };
}

/** The arrival instant the stamper passed on, or null for a request that did not come through it. */
export function stampedArrival(value: string | string[] | undefined): number | null {
  const stamp = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(stamp) && stamp > 0 ? stamp : null;
}
