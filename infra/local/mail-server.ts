import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startProcess, waitForPort, type ManagedProcess } from './processes';

/*
 * The local SMTP server with a web inbox: maildev 3.0.0 as a child process, SMTP and web both bound
 * to 127.0.0.1 (its defaults bind every interface). Mail is kept in memory: a restart empties the
 * inbox, which is all a laptop needs. The handlers send to it through platform/mail/smtp-transport.ts;
 * tests read it over maildev's REST API (GET /api/email).
 */

/**
 * maildev's CLI file. The package exports only its ESM entry (no `./package.json`, no bin path), so
 * the file is looked up in the node_modules folders Node would search.
 */
function maildevCli(): string {
  const require = createRequire(import.meta.url);
  for (const folder of require.resolve.paths('maildev') ?? []) {
    const candidate = join(folder, 'maildev', 'dist', 'bin', 'maildev.js');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('maildev is not installed: run npm ci');
}

export interface LocalMailPorts {
  smtpPort: number;
  webPort: number;
}

export async function startMailServer(ports: LocalMailPorts): Promise<ManagedProcess> {
  const entry = maildevCli();
  const managed = startProcess(
    'maildev',
    process.execPath,
    [
      entry,
      '--smtp',
      String(ports.smtpPort),
      '--ip',
      '127.0.0.1',
      '--web',
      String(ports.webPort),
      '--web-ip',
      '127.0.0.1',
      '--silent',
    ],
    { env: { ...process.env } },
  );
  await waitForPort(ports.smtpPort, managed);
  await waitForPort(ports.webPort, managed);
  return managed;
}
