import { describe, expect, it } from 'vitest';
import { fetchFeedText, FeedHttpError } from './fetch-feed';
import { createRateLimiter } from './rate-limiter';
import { decodeEntities, innerText } from './xml-text';

describe('xml text helpers', () => {
  it('decodes named and numeric entities and keeps CDATA verbatim', () => {
    expect(decodeEntities('a &amp; b &#233; &#x2014; &unknown;')).toBe('a & b é \u2014 &unknown;');
    expect(innerText('x <![CDATA[a &amp; <b>]]> y')).toBe('x a &amp; <b> y');
  });
});

describe('rate limiter (EDGAR: 10 requests per second)', () => {
  it('grants 10 at once, then waits until the oldest leaves the one-second window', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const limiter = createRateLimiter({
      maxRequests: 10,
      intervalMs: 1000,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    const grantedAt: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      await limiter.acquire();
      grantedAt.push(clock);
      clock += 10;
    }
    expect(grantedAt.slice(0, 10)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(grantedAt[10]).toBe(1000);
    expect(grantedAt[11]).toBe(1010);
    expect(sleeps).toEqual([900]);
  });
});

describe('fetchFeedText', () => {
  const limiter = createRateLimiter({ maxRequests: 100, intervalMs: 1000 });

  it('sends the User-Agent, retries 503 with backoff and returns the body', async () => {
    const calls: { url: string; userAgent: string | null }[] = [];
    const statuses = [503, 200];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, userAgent: new Headers(init?.headers).get('user-agent') });
      const status = statuses.shift() ?? 200;
      return new Response(status === 200 ? '<feed/>' : 'busy', { status });
    }) as typeof fetch;
    const delays: number[] = [];
    const text = await fetchFeedText('https://www.sec.gov/feed', {
      userAgent: 'Test app (contact: test@example.test)',
      timeoutMs: 1000,
      limiter,
      fetch: fakeFetch,
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
    });
    expect(text).toBe('<feed/>');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.userAgent).toBe('Test app (contact: test@example.test)');
    expect(delays).toEqual([250]);
  });

  it('does not retry a 403', async () => {
    let calls = 0;
    const fakeFetch = (async () => {
      calls += 1;
      return new Response('forbidden', { status: 403 });
    }) as typeof fetch;
    await expect(
      fetchFeedText('https://www.sec.gov/feed', {
        userAgent: 'x (y)',
        timeoutMs: 1000,
        limiter,
        fetch: fakeFetch,
      }),
    ).rejects.toBeInstanceOf(FeedHttpError);
    expect(calls).toBe(1);
  });

  it('aborts a request that exceeds the timeout and retries it', async () => {
    let calls = 0;
    const fakeFetch = ((_url: string, init?: RequestInit) => {
      calls += 1;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as typeof fetch;
    await expect(
      fetchFeedText('https://www.sec.gov/feed', {
        userAgent: 'x (y)',
        timeoutMs: 5,
        limiter,
        fetch: fakeFetch,
        attempts: 2,
        sleep: async () => undefined,
      }),
    ).rejects.toThrow(/timed out after 5 ms/);
    expect(calls).toBe(2);
  });
});
