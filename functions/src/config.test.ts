import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, mailTokenSecretOf } from './config';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';

describe('the mail token secret', () => {
  it('has no default in the source: a local process without one is refused when it comes to sign', () => {
    const config = loadConfig({});
    expect(config.MAIL_TOKEN_SECRET).toBeUndefined();
    expect(() => mailTokenSecretOf(config)).toThrow(/MAIL_TOKEN_SECRET/);
    const source = readFileSync(fileURLToPath(new URL('./config.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/MAIL_TOKEN_SECRET: z[^\n]*\.default\(/);
  });

  it('is required to load the config off the local stage, and used as given when set', () => {
    expect(() => loadConfig({ STAGE: 'prod' })).toThrow(/MAIL_TOKEN_SECRET/);
    expect(() => loadConfig({ STAGE: 'prod', MAIL_TOKEN_SECRET: 'too-short' })).toThrow(/MAIL_TOKEN_SECRET/);
    expect(mailTokenSecretOf(loadConfig({ STAGE: 'prod', MAIL_TOKEN_SECRET: SECRET }))).toBe(SECRET);
  });
});

describe('how long a process keeps what it read of sessions', () => {
  it('is 30 s unless set, may be set shorter, and never longer than the 30 s docs/accounts.md promises', () => {
    expect(loadConfig({}).SESSION_STATE_CACHE_SECONDS).toBe(30);
    expect(loadConfig({ SESSION_STATE_CACHE_SECONDS: '1' }).SESSION_STATE_CACHE_SECONDS).toBe(1);
    expect(() => loadConfig({ SESSION_STATE_CACHE_SECONDS: '31' })).toThrow(/SESSION_STATE_CACHE_SECONDS/);
    expect(() => loadConfig({ SESSION_STATE_CACHE_SECONDS: '0' })).toThrow(/SESSION_STATE_CACHE_SECONDS/);
  });
});
