// The one child process that hosts the local stack's three Node emulators (emulator-host.ts starts it):
// cognito-local, fauxqs and maildev, each a real server on its own 127.0.0.1 port speaking its own
// protocol, sharing one Node binary and one V8 heap instead of three (bench/results.md section 6).
// The parent asks over IPC: {type: 'start', id, kind, options} and {type: 'stop', id}; this
// answers {type: 'started' | 'failed' | 'stopped' | 'exited', id}. The id is one per start, not the
// server's name: a test process may run two queue servers of the same name here at once. A server
// that closes without being asked is reported as 'exited'; an error nobody handled ends the whole
// process (every hosted server is then reported down by the parent and restarted by its supervisor). Plain JavaScript, no TypeScript
// loader: the loader would cost this process the memory it is here to save.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** id -> { server?, close(): Promise<void> } */
const running = new Map();
/** Ids being stopped on request: their close is not an exit. */
const stopping = new Set();

function send(message) {
  if (process.connected) process.send(message);
}

/** Reports a server that closed on its own (its listening socket gone without a stop). */
function watchClose(id, server) {
  server.once('close', () => {
    if (stopping.has(id) || running.get(id)?.server !== server) return;
    running.delete(id);
    send({ type: 'exited', id, message: `${id} closed its port` });
  });
}

const launchers = {
  /** fauxqs: no state on disk; the parent creates the queues again after a start. */
  async queue({ port }) {
    const { buildApp } = await import('fauxqs');
    const app = buildApp({ logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    // A consumer's long poll holds its connection open: close drops open connections, as the old
    // process's SIGKILL after 5 s did, instead of waiting for them.
    return {
      server: app.server,
      close: () => {
        const closing = app.close();
        app.server.closeAllConnections();
        return closing;
      },
    };
  },

  /**
   * cognito-local reads `.cognito/` relative to the working directory (its own defaults), so the host
   * works in the pool's folder; port and host come from that folder's config.json (cognito-local.ts).
   */
  async cognito({ directory }) {
    process.chdir(directory);
    const { createDefaultServer } = require('cognito-local/lib/server');
    // cognito-local's own logger package, as its CLI uses it (without the pretty printer).
    const pino = createRequire(require.resolve('cognito-local/package.json'))('pino');
    const logger = pino({ level: 'warn' });
    const server = await (await createDefaultServer(logger)).start();
    return {
      server,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  },

  /** maildev: mail kept in memory; SMTP and the web inbox both on loopback. */
  async mail({ smtpPort, webPort }) {
    const { MailDev } = await import('maildev');
    const maildev = new MailDev({
      smtp: smtpPort,
      ip: '127.0.0.1',
      web: webPort,
      webIp: '127.0.0.1',
      silent: true,
    });
    await maildev.start();
    return { close: () => maildev.stop() };
  },
};

async function start(id, kind, options) {
  try {
    const launched = await launchers[kind](options);
    running.set(id, launched);
    if (launched.server && typeof launched.server.once === 'function') watchClose(id, launched.server);
    send({ type: 'started', id });
  } catch (error) {
    send({
      type: 'failed',
      id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

async function stop(id) {
  const launched = running.get(id);
  stopping.add(id);
  try {
    await launched?.close();
  } finally {
    running.delete(id);
    stopping.delete(id);
    send({ type: 'stopped', id });
  }
}

process.on('message', (message) => {
  if (message.type === 'start') void start(message.id, message.kind, message.options);
  else if (message.type === 'stop') void stop(message.id);
  // For the memory bench (bench/run-memory.ts): this process's V8 heap and external memory.
  else if (message.type === 'memory') send({ type: 'memory', usage: process.memoryUsage() });
});
// The stack went away without stopping us (killed): do not outlive it.
process.on('disconnect', () => process.exit(0));
process.on('uncaughtException', (error) => {
  console.error('emulator host: unhandled error, every hosted server goes down:', error);
  process.exit(1);
});
send({ type: 'ready' });
