import { describe, expect, it } from 'vitest';
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker';

function setUp() {
  let now = 1_000_000;
  const breaker = new CircuitBreaker({ failureThreshold: 3, openDurationMs: 10_000, now: () => now });
  return { breaker, advance: (ms: number) => (now += ms) };
}

const fail = () => Promise.reject(new Error('source down'));
const succeed = () => Promise.resolve('ok');

describe('CircuitBreaker state machine (injected clock)', () => {
  it('stays closed below the threshold and resets the count on success', async () => {
    const { breaker } = setUp();
    await expect(breaker.execute(fail)).rejects.toThrow('source down');
    await expect(breaker.execute(fail)).rejects.toThrow('source down');
    expect(breaker.state).toBe('closed');
    await breaker.execute(succeed);
    expect(breaker.failures).toBe(0);
  });

  it('opens after the threshold and refuses without calling the source', async () => {
    const { breaker } = setUp();
    for (let i = 0; i < 3; i += 1) await expect(breaker.execute(fail)).rejects.toThrow();
    expect(breaker.state).toBe('open');
    let called = false;
    await expect(
      breaker.execute(async () => {
        called = true;
        return 'ok';
      }),
    ).rejects.toBeInstanceOf(CircuitOpenError);
    expect(called).toBe(false);
  });

  it('half-opens after the open duration, lets one trial through, and closes on its success', async () => {
    const { breaker, advance } = setUp();
    for (let i = 0; i < 3; i += 1) await expect(breaker.execute(fail)).rejects.toThrow();
    advance(9_999);
    expect(breaker.state).toBe('open');
    advance(1);
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    // A second caller during the trial is refused.
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
  });

  it('re-opens for a full period when the trial fails', async () => {
    const { breaker, advance } = setUp();
    for (let i = 0; i < 3; i += 1) await expect(breaker.execute(fail)).rejects.toThrow();
    advance(10_000);
    await expect(breaker.execute(fail)).rejects.toThrow('source down');
    expect(breaker.state).toBe('open');
    advance(9_999);
    expect(breaker.state).toBe('open');
    advance(1);
    expect(breaker.state).toBe('half-open');
  });

  it('does not count answers that prove the source is up (e.g. unknown symbol)', async () => {
    const { breaker } = setUp();
    for (let i = 0; i < 5; i += 1) {
      await expect(breaker.execute(fail, () => false)).rejects.toThrow();
    }
    expect(breaker.state).toBe('closed');
  });
});
