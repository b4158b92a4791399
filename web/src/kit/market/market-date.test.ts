import { describe, expect, it } from 'vitest';
import { clockRefetchMs } from './market-date';

describe('clockRefetchMs', () => {
  const now = Date.parse('2026-11-29T09:00:00Z');

  it('asks again a quarter second after the next change', () => {
    expect(clockRefetchMs('2026-11-29T09:01:00Z', now)).toBe(60_250);
  });

  it('waits at least a second when the change is due or past', () => {
    expect(clockRefetchMs('2026-11-29T08:59:00Z', now)).toBe(1_000);
  });

  it('never sets a timer longer than a browser keeps (2^31 - 1 ms)', () => {
    expect(clockRefetchMs('2099-01-01T00:00:00Z', now)).toBe(2_147_483_647);
  });

  it('does not poll a clock with no next change', () => {
    expect(clockRefetchMs(null, now)).toBe(false);
  });
});
