import { describe, expect, it } from 'vitest';
import type { StoredConcept } from '../data/fundamentals-repository';
import type { SeriesState } from '../data/series-repository';
import { liveSeed, pendingSeries } from './ingestion/instruments';
import { createStoredFundamentalsReader } from './stored-fundamentals';

const revenue: StoredConcept = {
  cik: '0000000001',
  taxonomy: 'us-gaap',
  tag: 'Revenues',
  unit: 'USD',
  label: 'Revenues',
  facts: [
    {
      start: '2025-01-01',
      end: '2025-12-31',
      val: 1000,
      accn: 'A-25',
      fy: 2025,
      fp: 'FY',
      form: '10-K',
      filed: '2026-02-10',
    },
  ],
  source: 'test',
  fetched_at: '2026-11-24T00:00:00Z',
};

describe('live fundamentals from the stored SEC facts', () => {
  it('reads a company as soon as its facts are fetched, and re-reads them after a refresh', async () => {
    const base = pendingSeries(liveSeed('ACME', 'on-demand'), '2026-11-24T12:00:00.000Z');
    let state: SeriesState = base;
    let listed = 0;
    let facts: StoredConcept[] = [revenue];
    const read = createStoredFundamentalsReader({
      series: { getSeries: async () => state },
      fundamentals: {
        listConcepts: async () => {
          listed += 1;
          return facts;
        },
      },
      seriesCacheMs: 0,
    });
    // Still being fetched: nothing yet, and not remembered.
    expect(await read('ACME', '2026-11-24')).toBeNull();
    state = { ...base, cik: '0000000001', fundamentals_fetched_at: '2026-11-24T12:00:05Z' };
    expect((await read('acme', '2026-11-24'))?.latest.total_revenue).toBe(1000);
    expect(await read('ACME', '2026-02-09')).toBeNull(); // filed 2026-02-10: not known the day before
    expect(listed).toBe(1);
    // The worker refreshed the facts: the series says when, and the new facts are read.
    facts = [
      {
        ...revenue,
        facts: [{ ...revenue.facts[0]!, val: 1100, accn: 'A-25b', form: '10-K/A', filed: '2026-11-24' }],
      },
    ];
    state = { ...state, fundamentals_fetched_at: '2026-11-24T13:00:00Z' };
    expect((await read('ACME', '2026-11-24'))?.latest.total_revenue).toBe(1100);
    expect(listed).toBe(2);
  });
});
