// The fauxqs app bound to 127.0.0.1 (queue-server.ts starts this file as a child process).
import { buildApp } from 'fauxqs';

const port = Number(process.env.QUEUE_PORT);
const app = buildApp({ logger: false });
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
