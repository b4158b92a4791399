import { describe, expect, it } from 'vitest';
import {
  fetchProviderJson,
  parseRetryAfter,
  ProviderHttpError,
  ProviderMalformedError,
  type AttemptOutcome,
} from './fetch-json';
import { SendDeadlineMissedError, type SendWindow } from './send-deadline';

function recordingGuard() {
  const outcomes: AttemptOutcome[] = [];
  let requests = 0;
  return {
    outcomes,
    requests: () => requests,
    guard: {
      beforeRequest: async () => {
        requests += 1;
      },
      afterAttempt: async (outcome: AttemptOutcome) => {
        outcomes.push(outcome);
      },
    },
  };
}

function answers(list: (() => Response)[]): typeof fetch {
  return (async () => {
    const next = list.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof fetch;
}

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('2015-10-21T07:28:00Z'))).toBe(5000);
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });
});

describe('fetchProviderJson', () => {
  it('waits the Retry-After of a 429 (longer than the backoff) and counts the throttled attempt', async () => {
    const { guard, outcomes, requests } = recordingGuard();
    const sleeps: number[] = [];
    const answer = await fetchProviderJson('https://provider.test/a', {
      guard,
      timeoutMs: 1000,
      fetch: answers([
        () => new Response('slow down', { status: 429, headers: { 'retry-after': '3' } }),
        () => new Response('{"ok":true}', { status: 200 }),
      ]),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    });
    expect(answer.body).toEqual({ ok: true });
    // Backoff before retry 1: 0.5 x min(8000, 500) = 250 ms; Retry-After 3 s wins.
    expect(sleeps).toEqual([3000]);
    expect(outcomes).toEqual(['throttled', 'answered']);
    expect(requests()).toBe(2);
  });

  it('backs off exponentially with jitter on 5xx and on a truncated body, then gives up', async () => {
    const { guard, outcomes } = recordingGuard();
    const sleeps: number[] = [];
    const failing = fetchProviderJson('https://provider.test/b', {
      guard,
      timeoutMs: 1000,
      attempts: 3,
      fetch: answers([
        () => new Response('busy', { status: 503 }),
        () => new Response('{"chart":{"result":[{"meta"', { status: 200 }),
        () => new Response('busy', { status: 500 }),
      ]),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    });
    await expect(failing).rejects.toBeInstanceOf(ProviderHttpError);
    // 0.5 x 500 x 2^0 and 0.5 x 500 x 2^1.
    expect(sleeps).toEqual([250, 500]);
    expect(outcomes).toEqual(['failed', 'failed', 'failed']);
  });

  it('does not retry a 404 and does not count it against the source; a malformed body is its own error', async () => {
    const { guard, outcomes } = recordingGuard();
    await expect(
      fetchProviderJson('https://provider.test/c', {
        guard,
        timeoutMs: 1000,
        fetch: answers([() => new Response('nope', { status: 404 })]),
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(outcomes).toEqual(['answered']);
    await expect(
      fetchProviderJson('https://provider.test/d', {
        guard,
        timeoutMs: 1000,
        attempts: 1,
        fetch: answers([() => new Response('<html>', { status: 200 })]),
      }),
    ).rejects.toBeInstanceOf(ProviderMalformedError);
  });

  it('hands a Retry-After longer than it will wait back to the caller', async () => {
    const { guard } = recordingGuard();
    await expect(
      fetchProviderJson('https://provider.test/e', {
        guard,
        timeoutMs: 1000,
        maxRetryAfterMs: 5_000,
        fetch: answers([() => new Response('', { status: 429, headers: { 'retry-after': '60' } })]),
        sleep: async () => undefined,
      }),
    ).rejects.toMatchObject({ status: 429, retryAfterMs: 60_000 });
  });
});

describe('a request whose send window is always missed', () => {
  it('asks for a window at most five times in a row, then counts an unsent attempt and backs off', async () => {
    const outcomes: AttemptOutcome[] = [];
    const asked: (SendWindow | undefined)[] = [];
    const handed: SendWindow[] = [];
    const guard = {
      beforeRequest: async (missed?: SendWindow): Promise<SendWindow> => {
        // Unbounded re-asks would never end: stop them here so the test fails instead of hanging.
        if (asked.length >= 100) throw new Error('100 windows asked for');
        asked.push(missed);
        const window = { lateBy: () => 1 };
        handed.push(window);
        return window;
      },
      afterAttempt: async (outcome: AttemptOutcome) => {
        outcomes.push(outcome);
      },
    };
    const sleeps: number[] = [];
    // What Node's fetch throws when the dispatcher aborts the request before writing it.
    const neverWritten = (async () => {
      throw new TypeError('fetch failed', { cause: new SendDeadlineMissedError(1) });
    }) as typeof fetch;
    const failing = fetchProviderJson('https://provider.test/late', {
      guard,
      timeoutMs: 1000,
      attempts: 3,
      fetch: neverWritten,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    });
    await expect(failing).rejects.toThrow('fetch failed');
    // 3 attempts of 5 windows each; within an attempt each ask hands back the window just missed.
    expect(asked).toHaveLength(15);
    const expected = [0, 5, 10].flatMap((first) => ['new', first, first + 1, first + 2, first + 3]);
    expect(asked.map((missed) => (missed === undefined ? 'new' : handed.indexOf(missed)))).toEqual(expected);
    expect(outcomes).toEqual(['unsent', 'unsent', 'unsent']);
    // Backoff before retries 1 and 2: 0.5 x 500 and 0.5 x 1000.
    expect(sleeps).toEqual([250, 500]);
  });
});
