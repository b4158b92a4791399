import type { FundamentalsRepository, StoredFiling } from '../../../data/fundamentals-repository';
import type { SeriesRepository } from '../../../data/series-repository';
import type { NewsItem, TimedNewsItem } from '../../../engine/catalysts/types';
import type { NewsProvider, NewsQuery } from '../../news-provider';
import { EDGAR_SOURCE_NAME, selectRecent } from './sec-edgar-provider';

/*
 * Live catalysts from the filings the ingestion worker stored (submissions, once a day per company the
 * store tracks): each recent 8-K of a tracked company becomes a news item with its item codes (the
 * catalyst type comes from engine/catalysts/catalyst-rules.ts EDGAR_ITEM_TYPES) and the link to the
 * real filing, and the words of the filing the ingestion worker read (its press release, else its
 * items' text), which the sentiment reads. Read from the store, never from EDGAR during a request. Same ids as the current-8-K feed
 * (`edgar-<accession>`), so the two never show one filing twice.
 */

/** The SEC's titles of the Form 8-K items (Form 8-K general instructions), for the item's title. */
export const FORM_8K_ITEM_TITLES: Readonly<Record<string, string>> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation',
  '2.04': 'Triggering Events That Accelerate or Increase a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule',
  '3.02': 'Unregistered Sales of Equity Securities',
  '3.03': 'Material Modification to Rights of Security Holders',
  '4.01': "Changes in Registrant's Certifying Accountant",
  '4.02': 'Non-Reliance on Previously Issued Financial Statements',
  '5.01': 'Changes in Control of Registrant',
  '5.02':
    'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

const CURRENT_REPORTS = new Set(['8-K', '8-K/A']);
const SERIES_CACHE_MS = 60_000;

export interface StoredFilingsNewsOptions {
  series: Pick<SeriesRepository, 'listSeries'>;
  fundamentals: Pick<FundamentalsRepository, 'listFilings'>;
  now: () => Date;
}

export function filingNewsItem(filing: StoredFiling, symbol: string, company: string): NewsItem {
  const described = filing.items
    .filter((code) => code !== '9.01')
    .map((code) => FORM_8K_ITEM_TITLES[code] ?? `Item ${code}`);
  return {
    id: `edgar-${filing.accession}`,
    // EDGAR's acceptance time; the filing date at midnight UTC when it has none.
    published_at: filing.acceptance_time ?? `${filing.filing_date}T00:00:00.000Z`,
    tickers: [symbol],
    title: `${company} files ${filing.form}${described.length > 0 ? `: ${described.join('; ')}` : ''}`,
    // The items, then what the company says about them (its press release or the items' text):
    // the sentiment reads both with the title.
    description: [
      filing.items.map((code) => `Item ${code} ${FORM_8K_ITEM_TITLES[code] ?? ''}`.trim()).join('. '),
      filing.text_excerpt ?? '',
    ]
      .filter((part) => part !== '')
      .join('. '),
    source: EDGAR_SOURCE_NAME,
    source_kind: 'sec_filing',
    url: filing.url,
    filing_items: filing.items,
  };
}

export function createStoredFilingsNewsProvider(options: StoredFilingsNewsOptions): NewsProvider {
  let filers: { at: number; value: Promise<{ symbol: string; cik: string; name: string }[]> } | undefined;
  const trackedFilers = () => {
    if (!filers || Date.now() - filers.at >= SERIES_CACHE_MS) {
      const value = options.series
        .listSeries()
        .then((states) =>
          states.flatMap((state) =>
            state.cik && state.status === 'active'
              ? [{ symbol: state.symbol, cik: state.cik, name: state.name }]
              : [],
          ),
        );
      filers = { at: Date.now(), value };
      value.catch(() => (filers = undefined));
    }
    return filers.value;
  };
  return {
    name: 'sec-edgar-stored',
    async listRecentNews(query: NewsQuery): Promise<TimedNewsItem[]> {
      const now = options.now();
      const from = new Date(now.getTime() - query.hoursBack * 3_600_000).toISOString().slice(0, 10);
      const to = now.toISOString().slice(0, 10);
      const wanted = query.symbol?.toUpperCase();
      const companies = (await trackedFilers()).filter((filer) => !wanted || filer.symbol === wanted);
      const items = await Promise.all(
        companies.map(async (filer) =>
          (await options.fundamentals.listFilings(filer.cik, from, to, 20))
            .filter((filing) => CURRENT_REPORTS.has(filing.form))
            .map((filing) => filingNewsItem(filing, filer.symbol, filer.name)),
        ),
      );
      return selectRecent(items.flat(), query, now);
    },
  };
}
