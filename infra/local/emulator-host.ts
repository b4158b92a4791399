import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { keepLastLines, waitForPort, type ManagedProcess, type ServerProcess } from './processes';

/*
 * cognito-local, fauxqs and maildev run in ONE child process (emulator-host-main.js), each still a real
 * server on its own port: three Node processes each carried the Node binary's pages and a V8 heap of
 * their own (bench/results.md section 6). Each server is still started, stopped and supervised on its
 * own (supervisor.ts): `startHostedServer` returns a ManagedProcess whose `child` stands for that one
 * server and reports its exit. A server closing its port on its own is reported as its exit; the host
 * process ending (killed, an unhandled error) is reported as the exit of every server it held, so
 * each supervisor says so and starts its server again in a new host. The host ends once its last
 * server is stopped, or when the stack's process goes away (the IPC channel closes).
 */

export type HostedKind = 'cognito' | 'queue' | 'mail';

/** One hosted server, seen as a process: exits once, with the host's code or signal. */
class HostedServer extends EventEmitter implements ServerProcess {
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  constructor(
    readonly pid: number | undefined,
    readonly kind: HostedKind,
  ) {
    super();
  }
  get running(): boolean {
    return this.exitCode === null && this.signalCode === null;
  }
  markExited(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.running) return;
    // An exit with neither a code nor a signal (the host was disconnected) still counts as an exit.
    this.exitCode = code ?? (signal ? null : 1);
    this.signalCode = signal;
    this.emit('exit', this.exitCode, signal);
  }
}

interface HostMessage {
  type: 'ready' | 'started' | 'failed' | 'stopped' | 'exited' | 'memory';
  /** The hosted server's id (startHostedServer), never its name: two servers may share a name. */
  id?: string;
  message?: string;
  usage?: NodeJS.MemoryUsage;
}

interface Host {
  child: ChildProcess;
  /** By id: every server started in this host, so the host's exit reaches each of them. */
  servers: Map<string, HostedServer>;
  lines: string[];
  ready: Promise<void>;
  /** Set once its last server stopped: a new start gets a new host. */
  closing: boolean;
  exited: Promise<void>;
}

const HOST_MAIN = fileURLToPath(new URL('./emulator-host-main.js', import.meta.url));
let current: Host | undefined;
/** Numbers the hosted servers of this process: an id per start, as a name can be started twice at once. */
let started = 0;

function startHost(): Host {
  // No execArgv: the stack's TypeScript loader and heap flags are not the emulators' (plain JavaScript).
  // V8's small-heap flags (a 1 MB semi-space, --optimize-for-size) saved 40-52 MB in the host alone
  // after traffic but nothing inside the stack at rest (bench/results.md section 6), so none are set.
  const child = fork(HOST_MAIN, [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
  const lines = keepLastLines(child);
  const servers = new Map<string, HostedServer>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const host: Host = {
    child,
    servers,
    lines,
    closing: false,
    exited,
    ready: new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) =>
        reject(new Error(`the emulator host exited (${signal ?? `code ${code}`}):\n${lines.join('\n')}`)),
      );
    }),
  };
  host.ready.catch(() => undefined);
  // A send on a closed channel reports here: kept with its output, never an uncaught error.
  child.on('error', (error) => lines.push(`emulator host: ${error.message}`));
  child.on('message', (message: HostMessage) => {
    const server = message.id === undefined ? undefined : servers.get(message.id);
    if (message.type === 'stopped') server?.markExited(null, 'SIGTERM');
    if (message.type === 'exited') {
      lines.push(message.message ?? `${message.id} exited`);
      server?.markExited(1, null);
    }
  });
  child.once('exit', (code, signal) => {
    if (current === host) current = undefined;
    for (const server of servers.values()) server.markExited(code, signal);
  });
  return host;
}

/** Ends the host process (our own child, by its PID): SIGTERM, then SIGKILL after 5 s. */
function endHost(host: Host): void {
  host.closing = true;
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  host.child.kill('SIGTERM');
  const timer = setTimeout(() => host.child.kill('SIGKILL'), 5_000);
  void host.exited.then(() => clearTimeout(timer));
}

/**
 * The host a new server starts in. cognito-local works in the host's working directory (its `.cognito`
 * paths are relative and resolved on every call), so a second cognito-local while one runs (another
 * stack's pool folder in the same test process) gets a host of its own; the earlier host stays with
 * its servers.
 */
function liveHost(kind: HostedKind): Host {
  const cognitoRuns = (host: Host) =>
    [...host.servers.values()].some((server) => server.kind === 'cognito' && server.running);
  if (
    !current ||
    current.closing ||
    current.child.exitCode !== null ||
    current.child.signalCode !== null ||
    (kind === 'cognito' && cognitoRuns(current))
  )
    current = startHost();
  return current;
}

/** Asks the host to start one server and waits until every one of its ports answers. */
export async function startHostedServer(
  name: string,
  kind: HostedKind,
  options: Record<string, unknown>,
  ports: number[],
): Promise<ManagedProcess> {
  const host = liveHost(kind);
  await host.ready;
  const server = new HostedServer(host.child.pid, kind);
  // The name is for people (a test file may start two queue servers of the same name in one host); the
  // id keys the server here and in the host, so stopping one never reaches the other.
  const id = `${name} #${(started += 1)}`;
  host.servers.set(id, server);
  const answered = new Promise<void>((resolve, reject) => {
    const onMessage = (message: HostMessage) => {
      if (message.id !== id || (message.type !== 'started' && message.type !== 'failed')) return;
      host.child.off('message', onMessage);
      if (message.type === 'started') resolve();
      else {
        server.markExited(1, null);
        reject(new Error(`${name} failed to start: ${message.message ?? ''}`));
      }
    };
    host.child.on('message', onMessage);
    server.once('exit', () => reject(new Error(`${name} exited while starting:\n${host.lines.join('\n')}`)));
  });
  host.child.send({ type: 'start', id, kind, options });
  const managed: ManagedProcess = {
    name,
    child: server,
    output: () => host.lines.join('\n'),
    stop: async () => {
      if (!server.running) return;
      const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      // Without its IPC channel the host cannot be asked: it is ended (by its PID), which ends the server.
      // (send() answering false only means its queue is long: the message still goes, so only an error counts.)
      if (!host.child.connected) endHost(host);
      else host.child.send({ type: 'stop', id }, (error) => error && endHost(host));
      // A server that does not close within 5 s: its host is ended (the others are restarted by their supervisors).
      const timer = setTimeout(() => endHost(host), 5_000);
      await stopped;
      clearTimeout(timer);
      if ([...host.servers.values()].some((each) => each.running)) return;
      // Its last server: the host ends (our own child, by its PID).
      endHost(host);
      await host.exited;
    },
  };
  await answered;
  for (const port of ports) await waitForPort(port, managed);
  return managed;
}

/** The running host's process.memoryUsage() (its one V8 heap), for the memory bench; undefined when none runs. */
export async function emulatorHostMemory(): Promise<NodeJS.MemoryUsage | undefined> {
  const host = current;
  if (!host || host.closing || !host.child.connected) return undefined;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 5_000);
    const onMessage = (message: HostMessage) => {
      if (message.type !== 'memory') return;
      host.child.off('message', onMessage);
      clearTimeout(timer);
      resolve(message.usage);
    };
    host.child.on('message', onMessage);
    host.child.send({ type: 'memory' });
  });
}
