import type { NewsItem, TimedNewsItem } from '../../../engine/catalysts/types';
import type { NewsProvider, NewsQuery } from '../../news-provider';
import { fetchFeedText, type FetchFeedOptions } from '../http/fetch-feed';
import { findElements, firstAttribute, firstText, stripTags } from '../http/xml-text';

/*
 * SEC EDGAR current 8-K filings (engine/catalysts/README.md "Live sources"). The "latest filings" Atom feed
 * (`/cgi-bin/browse-edgar?action=getcurrent&type=8-K&output=atom`) lists each filing with the
 * company and CIK in the title and the 8-K item codes in the summary; the item codes decide the
 * catalyst type (classify-catalyst.ts EDGAR_ITEM_TYPES). Tickers come from the SEC's
 * company_tickers.json (CIK -> ticker), fetched once per process through the same rate limiter.
 */

/** On SEC_FILES_BASE_URL (https://www.sec.gov). */
export const EDGAR_CURRENT_8K_PATH =
  '/cgi-bin/browse-edgar?action=getcurrent&type=8-K&company=&dateb=&owner=include&start=0&count=100&output=atom';
export const EDGAR_COMPANY_TICKERS_PATH = '/files/company_tickers.json';
export const EDGAR_FILES_BASE_URL = 'https://www.sec.gov';
export const EDGAR_SOURCE_NAME = 'SEC EDGAR (Form 8-K)';

/** Parses the SEC's company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...}. */
export function parseCompanyTickers(json: string): Map<string, string> {
  const parsed: unknown = JSON.parse(json);
  const byCik = new Map<string, string>();
  if (typeof parsed !== 'object' || parsed === null) return byCik;
  for (const entry of Object.values(parsed as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { cik_str: cik, ticker } = entry as { cik_str?: unknown; ticker?: unknown };
    if (
      (typeof cik === 'number' || typeof cik === 'string') &&
      typeof ticker === 'string' &&
      !byCik.has(String(Number(cik)))
    ) {
      byCik.set(String(Number(cik)), ticker.toUpperCase());
    }
  }
  return byCik;
}

export interface EdgarFiling extends NewsItem {
  company: string;
  cik: string;
  form_type: string;
}

/** Items of an 8-K summary: "Item 2.02: Results of Operations ..." -> [['2.02', 'Results of ...']]. */
export function parseFilingItems(summary: string): { code: string; label: string }[] {
  return [...summary.matchAll(/Item\s+(\d{1,2}\.\d{2})\s*:?\s*([^<\n]*?)(?=\s*(?:Item\s+\d|$))/gi)].map(
    (match) => ({
      code: match[1] as string,
      label: (match[2] ?? '').trim(),
    }),
  );
}

/** Parses EDGAR's current-filings Atom feed into news items (8-K and 8-K/A only). */
export function parseEdgarCurrentFilings(
  atom: string,
  tickerByCik: ReadonlyMap<string, string>,
): EdgarFiling[] {
  const filings: EdgarFiling[] = [];
  for (const entry of findElements(atom, 'entry')) {
    const title = firstText(entry, 'title');
    const match = /^(8-K(?:\/A)?)\s+-\s+(.+?)\s+\((\d{1,10})\)/.exec(title);
    if (!match) continue;
    const [, formType, company, cikText] = match as unknown as [string, string, string, string];
    const cik = String(Number(cikText));
    const summaryHtml = firstText(entry, 'summary');
    const summary = stripTags(summaryHtml.replace(/<br\s*\/?>/gi, '\n'));
    const items = parseFilingItems(summaryHtml.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''));
    const accession = /AccNo:\s*([\d-]+)/i.exec(summary)?.[1] ?? firstText(entry, 'id');
    const updated = firstText(entry, 'updated');
    const published = new Date(updated);
    if (Number.isNaN(published.getTime())) continue;
    const ticker = tickerByCik.get(cik);
    const described = items.filter((item) => !['9.01'].includes(item.code)).map((item) => item.label);
    filings.push({
      id: `edgar-${accession}`,
      published_at: published.toISOString(),
      tickers: ticker ? [ticker] : [],
      title: `${company} files ${formType}${described.length > 0 ? `: ${described.join('; ')}` : ''}`,
      description: items.map((item) => `Item ${item.code} ${item.label}`).join('. '),
      source: EDGAR_SOURCE_NAME,
      source_kind: 'sec_filing',
      url:
        firstAttribute(entry, 'link', 'href', { rel: 'alternate' }) || firstAttribute(entry, 'link', 'href'),
      filing_items: items.map((item) => item.code),
      company,
      cik,
      form_type: formType,
    });
  }
  return filings;
}

export interface SecEdgarProviderOptions {
  fetchOptions: FetchFeedOptions;
  now: () => Date;
  /** SEC_FILES_BASE_URL; default https://www.sec.gov. */
  filesBaseUrl?: string;
}

/** Live 8-K filings. Filings of companies without a ticker are kept out (nothing to analyse or watch). */
export function createSecEdgarNewsProvider(options: SecEdgarProviderOptions): NewsProvider {
  const base = (options.filesBaseUrl ?? EDGAR_FILES_BASE_URL).replace(/\/+$/, '');
  let tickers: Promise<Map<string, string>> | undefined;
  const loadTickers = () => {
    tickers ??= fetchFeedText(`${base}${EDGAR_COMPANY_TICKERS_PATH}`, options.fetchOptions)
      .then(parseCompanyTickers)
      .catch((error: unknown) => {
        tickers = undefined; // Try again on the next call rather than caching a failure.
        throw error;
      });
    return tickers;
  };
  return {
    name: 'sec-edgar',
    async listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]> {
      const [atom, tickerByCik] = await Promise.all([
        fetchFeedText(`${base}${EDGAR_CURRENT_8K_PATH}`, options.fetchOptions),
        loadTickers(),
      ]);
      return selectRecent(parseEdgarCurrentFilings(atom, tickerByCik), query, options.now());
    },
  };
}

/** Items with tickers, published within `hoursBack` of `now` (and not in the future), newest first. */
export function selectRecent(items: readonly NewsItem[], query: NewsQuery, now: Date): TimedNewsItem[] {
  const wanted = query.symbol?.toUpperCase();
  return items
    .flatMap((item) => {
      const symbol = item.tickers[0];
      if (!symbol) return [];
      if (wanted && !item.tickers.includes(wanted)) return [];
      const hoursAgo = (now.getTime() - Date.parse(item.published_at)) / 3_600_000;
      if (hoursAgo < 0 || hoursAgo > query.hoursBack) return [];
      return [{ item, symbol: wanted ?? symbol, now, hours_ago: hoursAgo }];
    })
    .sort((left, right) => left.hours_ago - right.hours_ago);
}
