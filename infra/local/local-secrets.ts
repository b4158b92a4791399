import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The secret that signs the local stack's unsubscribe links and salts its codes' hashes
 * (MAIL_TOKEN_SECRET). The source holds no default: a secret the shell exports is used as given;
 * otherwise the stack draws one the first time and keeps it in its data directory (`.local/` for
 * `npm start`, readable by its owner only), so links mailed before a restart still work. `--reset`
 * wipes the directory and with it the secret. The cloud reads Secrets Manager instead
 * (infra/lib/constructs/mail.ts).
 */

export const MAIL_TOKEN_SECRET_FILE = 'mail-token-secret';

export function localMailTokenSecret(
  dataDirectory: string,
  configured: string | undefined = process.env.MAIL_TOKEN_SECRET,
): string {
  if (configured) return configured;
  const file = join(dataDirectory, MAIL_TOKEN_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDirectory, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
