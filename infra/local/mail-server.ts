import { startHostedServer } from './emulator-host';
import type { ManagedProcess } from './processes';

/*
 * The local SMTP server with a web inbox: maildev 3.0.0 in the shared emulator host (emulator-host.ts),
 * SMTP and web both bound to 127.0.0.1 (its defaults bind every interface). Mail is kept in memory: a
 * restart empties the inbox, which is all a laptop needs. The handlers send to it through
 * platform/mail/smtp-transport.ts; tests read it over maildev's REST API (GET /api/email).
 */

export interface LocalMailPorts {
  smtpPort: number;
  webPort: number;
}

export function startMailServer(ports: LocalMailPorts): Promise<ManagedProcess> {
  return startHostedServer('maildev', 'mail', { ...ports }, [ports.smtpPort, ports.webPort]);
}
