import { describe, expect, it } from 'vitest';
import {
  forgetSessionState,
  SESSION_STATE_CACHE_SECONDS,
  sessionRefusalOf,
  type SessionState,
} from './session-check';

/** A store of session states that counts its reads. */
function store(initial: Record<string, SessionState>) {
  const states = { ...initial };
  let reads = 0;
  return {
    states,
    reads: () => reads,
    read: async (userId: string): Promise<SessionState> => {
      reads += 1;
      return states[userId] ?? { exists: false };
    },
  };
}

const T = 1_800_000_000; // epoch seconds of the revocation in these tests
const atMs = (seconds: number) => seconds * 1000;

describe('session check', () => {
  it('refuses a token whose session began at or before the revocation second, accepts a later one', async () => {
    const sessions = store({ 'u-1': { exists: true, revokedAt: T } });

    const before = await sessionRefusalOf('u-1', { iat: T - 5 }, sessions.read, atMs(T + 1));
    const same = await sessionRefusalOf('u-1', { iat: T }, sessions.read, atMs(T + 1));
    const after = await sessionRefusalOf('u-1', { iat: T + 1 }, sessions.read, atMs(T + 1));

    expect([before, same, after]).toEqual(['session-revoked', 'session-revoked', null]);
  });

  it("judges a refreshed token by its session's first sign-in (auth_time), not its issue time", async () => {
    const sessions = store({ 'u-2': { exists: true, revokedAt: T } });

    // Issued by a refresh after the revocation, from a sign-in before it.
    const refreshed = await sessionRefusalOf('u-2', { auth_time: T - 600, iat: T + 60 }, sessions.read);

    expect(refreshed).toBe('session-revoked');
  });

  it('refuses every token of an account that no longer exists', async () => {
    const sessions = store({});

    expect(await sessionRefusalOf('gone', { iat: T + 100 }, sessions.read)).toBe('account-gone');
  });

  it(`reads once per user for ${SESSION_STATE_CACHE_SECONDS} s, then reads again and sees a revocation`, async () => {
    const sessions = store({ 'u-3': { exists: true, revokedAt: null } });
    const token = { iat: T - 10 };

    const first = await sessionRefusalOf('u-3', token, sessions.read, atMs(T));
    sessions.states['u-3'] = { exists: true, revokedAt: T };
    const stillCached = await sessionRefusalOf(
      'u-3',
      token,
      sessions.read,
      atMs(T + SESSION_STATE_CACHE_SECONDS) - 1,
    );
    const expired = await sessionRefusalOf(
      'u-3',
      token,
      sessions.read,
      atMs(T + SESSION_STATE_CACHE_SECONDS),
    );

    expect([first, stillCached, expired]).toEqual([null, null, 'session-revoked']);
    expect(sessions.reads()).toBe(2);
  });

  it('keeps a state only for the configured seconds when they are fewer (the test stack: 1 s)', async () => {
    const sessions = store({ 'u-5': { exists: true, revokedAt: null } });
    const token = { iat: T - 10 };

    await sessionRefusalOf('u-5', token, sessions.read, atMs(T), 1);
    sessions.states['u-5'] = { exists: true, revokedAt: T };
    const stillCached = await sessionRefusalOf('u-5', token, sessions.read, atMs(T + 1) - 1, 1);
    const expired = await sessionRefusalOf('u-5', token, sessions.read, atMs(T + 1), 1);

    expect([stillCached, expired]).toEqual([null, 'session-revoked']);
    expect(sessions.reads()).toBe(2);
  });

  it('reads again at once after this process ended the sessions', async () => {
    const sessions = store({ 'u-4': { exists: true, revokedAt: null } });
    const token = { iat: T - 10 };

    await sessionRefusalOf('u-4', token, sessions.read, atMs(T));
    sessions.states['u-4'] = { exists: false };
    forgetSessionState('u-4');
    const afterDeletion = await sessionRefusalOf('u-4', token, sessions.read, atMs(T) + 1);

    expect(afterDeletion).toBe('account-gone');
  });
});
