import type { ManagedProcess } from './processes';

/*
 * Keeps a child server of the local stack running: one that exits without being asked (killed, out
 * of memory) is started again on the same port with the same data, and the stack says so in its
 * output. A server that keeps dying (more than `maxRestarts` within a minute) is left down, said
 * loudly. `stop()` is a deliberate stop: it is not restarted until `start()`.
 */

export interface SupervisedServer {
  readonly name: string;
  current(): ManagedProcess;
  /** Resolves once the server is up again after its latest unplanned exit. */
  whenRunning(): Promise<void>;
  restarts(): number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SuperviseOptions {
  /** After every restart: what the server lost (tables of an in-memory database, queues). */
  afterStart?: () => Promise<void>;
  log?: (message: string) => void;
  maxRestarts?: number;
}

export async function supervise(
  name: string,
  launch: () => Promise<ManagedProcess>,
  options: SuperviseOptions = {},
): Promise<SupervisedServer> {
  const log = options.log ?? ((message: string) => console.log(message));
  const maxRestarts = options.maxRestarts ?? 5;
  let managed = await launch();
  let stopping = false;
  let restartCount = 0;
  let recent: number[] = [];
  let running: Promise<void> = Promise.resolve();

  async function restart(code: number | null, signal: string | null): Promise<void> {
    recent = [...recent.filter((at) => Date.now() - at < 60_000), Date.now()];
    if (recent.length > maxRestarts) {
      log(
        `local stack: ${name} exited (${signal ?? `code ${code}`}) ${recent.length} times within a minute; left down.`,
      );
      return;
    }
    log(`local stack: ${name} exited (${signal ?? `code ${code}`}); restarting it with its data...`);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      try {
        managed = await launch();
        watch(managed);
        await options.afterStart?.();
        restartCount += 1;
        log(`local stack: ${name} is running again (pid ${managed.child.pid}).`);
        return;
      } catch (error: unknown) {
        log(
          `local stack: restarting ${name} failed (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  function watch(child: ManagedProcess): void {
    child.child.once('exit', (code, signal) => {
      if (stopping || child !== managed) return;
      running = restart(code, signal);
    });
  }
  watch(managed);

  return {
    name,
    current: () => managed,
    whenRunning: () => running,
    restarts: () => restartCount,
    async stop() {
      stopping = true;
      await running;
      await managed.stop();
    },
    async start() {
      if (managed.child.exitCode === null && managed.child.signalCode === null) return;
      managed = await launch();
      stopping = false;
      watch(managed);
      await options.afterStart?.();
    },
  };
}
