import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyCatalyst } from '../../../engine/catalysts/classify-catalyst';
import { fetchFeedText, FeedHttpError } from '../http/fetch-feed';
import { createRateLimiter } from '../http/rate-limiter';
import { extractTickers, parseRssFeed } from '../rss/rss-news-provider';
import { parseCompanyTickers, parseEdgarCurrentFilings } from './sec-edgar-provider';
import { decodeEntities, innerText } from '../http/xml-text';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('SEC EDGAR current 8-K feed', () => {
  const tickers = parseCompanyTickers(fixture('company-tickers.json'));
  const filings = parseEdgarCurrentFilings(fixture('edgar-current-8k.atom.xml'), tickers);

  it('reads 8-K and 8-K/A entries only, with company, CIK, ticker, items, time and link', () => {
    expect(filings.map((filing) => [filing.form_type, filing.company, filing.cik, filing.tickers])).toEqual([
      ['8-K', 'Apple Inc.', '320193', ['AAPL']],
      ['8-K', 'EXAMPLE THERAPEUTICS, INC.', '1234567', ['EXTX']],
      ['8-K/A', 'Widget Holdings Corp', '765432', ['WDGT']],
      ['8-K', 'Unlisted Trust & Co', '999999', []],
    ]);
    const [apple] = filings;
    expect(apple?.filing_items).toEqual(['2.02', '9.01']);
    expect(apple?.published_at).toBe('2024-02-01T21:30:22.000Z');
    expect(apple?.id).toBe('edgar-0000320193-24-000005');
    expect(apple?.url).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\//);
    expect(apple?.source_kind).toBe('sec_filing');
  });

  it('maps item codes to catalyst types', () => {
    const types = filings.map(
      (filing) =>
        classifyCatalyst({
          title: filing.title,
          description: filing.description,
          filingItems: filing.filing_items ?? [],
        }).catalyst_type,
    );
    expect(types).toEqual(['earnings', 'executive_change', 'merger', 'general_news']);
  });
});

describe('RSS 2.0 feed', () => {
  const items = parseRssFeed(
    readFileSync(new URL('../rss/fixtures/markets-feed.rss.xml', import.meta.url), 'utf8'),
    {
      url: 'https://news.example.test/rss',
      name: 'Example Wire',
    },
  );

  it('reads CDATA and entities, tickers from the text, and skips undated items', () => {
    expect(items.map((item) => item.title)).toEqual([
      'Example Therapeutics (NASDAQ: EXTX) wins FDA approval for once-daily pill',
      'Widget Holdings & partner call off merger after antitrust review',
      'Markets close mixed ahead of jobs report',
    ]);
    expect(items[0]?.description).toBe(
      'The agency approved the drug for adults & adolescents; shares rose in after-hours trading.',
    );
    expect(items[0]?.tickers).toEqual(['EXTX']);
    expect(items[1]?.tickers).toEqual(['WDGT']);
    expect(items[1]?.description).toContain('6% \u2014');
    expect(items[1]?.published_at).toBe('2024-02-01T18:30:00.000Z');
    expect(items[0]?.id).toBe('rss-wire-1001');
  });

  it('finds exchange-qualified tickers and cashtags', () => {
    expect(extractTickers('Deal for $ABC and (NYSE: XYZ), not $5 or NASDAQ')).toEqual(['XYZ', 'ABC']);
  });
});

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
