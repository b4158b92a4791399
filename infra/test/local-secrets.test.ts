import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_TOKEN_SECRET_FILE, localMailTokenSecret } from '../local/local-secrets';

describe('the local mail token secret', () => {
  const directories: string[] = [];
  const fresh = () => {
    const directory = mkdtempSync(join(tmpdir(), 'nugget-secret-'));
    directories.push(directory);
    return join(directory, 'state');
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('draws a random one the first time, keeps it for its owner only, and reads it back after a restart', () => {
    const directory = fresh();
    const first = localMailTokenSecret(directory, undefined);
    // 32 random bytes in base64url: 43 characters.
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = join(directory, MAIL_TOKEN_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(localMailTokenSecret(directory, undefined)).toBe(first);
    expect(localMailTokenSecret(fresh(), undefined)).not.toBe(first);
  });

  it('uses a configured secret as given and writes nothing', () => {
    const directory = fresh();
    expect(localMailTokenSecret(directory, 'configured-secret-of-thirty-two-chars')).toBe(
      'configured-secret-of-thirty-two-chars',
    );
    expect(() => statSync(join(directory, MAIL_TOKEN_SECRET_FILE))).toThrow();
  });
});
