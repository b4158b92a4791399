import { describe, expect, it } from 'vitest';
import type { StoredFiling } from '../../../data/fundamentals-repository';
import type { SeriesState } from '../../../data/series-repository';
import { buildCatalyst } from '../../../engine/catalysts/build-catalyst';
import { readInstalledLexicon } from '../../../catalysts/sentiment-lexicon';
import { classifyCatalyst } from '../../../engine/catalysts/classify-catalyst';
import { liveSeed, pendingSeries } from '../../ingestion/instruments';
import { createStoredFilingsNewsProvider, filingNewsItem } from './stored-filings-news';

const filing = (accession: string, form: string, acceptance: string, items: string[]): StoredFiling => ({
  cik: '0001318605',
  accession,
  form,
  filing_date: acceptance.slice(0, 10),
  report_date: null,
  acceptance_time: acceptance,
  items,
  primary_document: 'doc.htm',
  description: form,
  url: `https://www.sec.gov/Archives/edgar/data/1318605/${accession.replaceAll('-', '')}/doc.htm`,
  source: 'SEC EDGAR submissions',
  fetched_at: '2022-10-25T00:00:00Z',
});

describe('catalysts from the stored 8-K filings', () => {
  const tesla: SeriesState = {
    ...pendingSeries(liveSeed('TSLA', 'watchlist'), '2022-01-01T00:00:00Z'),
    status: 'active',
    name: 'Tesla, Inc.',
    cik: '0001318605',
  };
  const asked: { from: string; to: string }[] = [];
  const provider = createStoredFilingsNewsProvider({
    series: { listSeries: async () => [tesla, { ...tesla, symbol: 'ETH-USD', cik: null }] },
    fundamentals: {
      listFilings: async (_cik, from, to) => {
        asked.push({ from, to });
        return [
          filing('0000950170-22-019867', '10-Q', '2022-10-24T16:05:00.000Z', []),
          filing('0001564590-22-035000', '8-K', '2022-10-19T20:07:00.000Z', ['2.02', '9.01']),
          filing('0001564590-22-034000', '8-K', '2022-10-03T13:01:00.000Z', ['2.02', '7.01', '9.01']),
        ];
      },
    },
    now: () => new Date('2022-10-20T20:07:00.000Z'),
  });

  it('turns a tracked company’s recent 8-K into an item with its codes and the real filing’s link', async () => {
    const items = await provider.listRecentNews({ hoursBack: 48 });
    expect(asked).toEqual([{ from: '2022-10-18', to: '2022-10-20' }]);
    expect(items).toHaveLength(1);
    const [entry] = items;
    expect(entry?.symbol).toBe('TSLA');
    expect(entry?.hours_ago).toBe(24);
    expect(entry?.item).toMatchObject({
      id: 'edgar-0001564590-22-035000',
      title: 'Tesla, Inc. files 8-K: Results of Operations and Financial Condition',
      source_kind: 'sec_filing',
      filing_items: ['2.02', '9.01'],
      url: 'https://www.sec.gov/Archives/edgar/data/1318605/000156459022035000/doc.htm',
    });
    // Item 2.02 is an earnings release in the documented item table.
    const { title, description, filing_items: filingItems } = entry!.item;
    expect(classifyCatalyst({ title, description, filingItems }).catalyst_type).toBe('earnings');
  });

  it('adds the words the company filed, and the sentiment reads them', () => {
    const bare = filing('0001564590-22-035000', '8-K', '2022-10-19T20:07:00.000Z', ['2.02', '9.01']);
    const words = 'Net income soared to a record and the company raised its outlook.';
    const withWords = { ...bare, text_excerpt: words, text_source: 'exhibit_99' as const };
    const plain = filingNewsItem(bare, 'TSLA', 'Tesla, Inc.');
    const read = filingNewsItem(withWords, 'TSLA', 'Tesla, Inc.');
    expect(plain.description).toBe(
      'Item 2.02 Results of Operations and Financial Condition. Item 9.01 Financial Statements and Exhibits',
    );
    expect(read.description).toBe(`${plain.description}. ${words}`);
    const score = (item: typeof plain) =>
      buildCatalyst(
        { item, symbol: 'TSLA', now: new Date('2022-10-20T20:07:00.000Z'), hours_ago: 24 },
        null,
        readInstalledLexicon(),
      ).catalyst.sentiment_score;
    // The title and item titles carry no lexicon word; "soared", "record" and "raised" are positive.
    expect(score(plain)).toBe(0);
    expect(score(read)).toBeGreaterThan(0.1);
  });
});
