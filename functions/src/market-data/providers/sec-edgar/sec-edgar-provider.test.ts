import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyCatalyst } from '../../../engine/catalysts/classify-catalyst';
import { parseCompanyTickers, parseEdgarCurrentFilings } from './sec-edgar-provider';

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
