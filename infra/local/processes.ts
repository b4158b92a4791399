import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer, Socket } from 'node:net';

/**
 * What the stack watches of a child server: a process of its own (ChildProcess), or one server of the
 * shared emulator host (emulator-host.ts), which exits on its own.
 */
export interface ServerProcess {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

export interface ManagedProcess {
  name: string;
  child: ServerProcess;
  /** Last lines of its output, shown when it fails to start. */
  output: () => string;
  stop: () => Promise<void>;
}

/** The last 40 lines a child wrote (stdout and stderr), kept to show when it fails; the array grows live. */
export function keepLastLines(child: Pick<ChildProcess, 'stdout' | 'stderr'>): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

/** Starts a child we own; we end only it, by its PID. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions,
): ManagedProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = keepLastLines(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    output: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, host);
  });
}

export async function waitForPort(port: number, managed: ManagedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed.child.exitCode !== null || managed.child.signalCode !== null) {
      throw new Error(
        `${managed.name} exited (${managed.child.signalCode ?? `code ${managed.child.exitCode}`}):\n${managed.output()}`,
      );
    }
    if (await isPortOpen(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${managed.name} did not open port ${port} within ${timeoutMs} ms:\n${managed.output()}`);
}

/** A free TCP port on 127.0.0.1, for tests that start their own stack. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
