import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitForPort, type ManagedProcess } from './processes';

/*
 * The local SMTP server with a web inbox: maildev 3.0.0 as a child process, SMTP and web both bound
 * to 127.0.0.1 (its defaults bind every interface). Mail is kept in memory: a restart empties the
 * inbox, which is all a laptop needs. The handlers send to it through platform/mail/smtp-transport.ts;
 * tests read it over maildev's REST API (GET /api/email).
 */

export interface LocalMailPorts {
  smtpPort: number;
  webPort: number;
}

export async function startMailServer(ports: LocalMailPorts): Promise<ManagedProcess> {
  // maildev exports only its ESM entry (dist/index.js); its CLI sits beside it.
  const entry = join(dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin', 'maildev.js');
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
