import type { FundamentalsRepository, StoredFiling } from '../../data/fundamentals-repository';
import { ProviderUnavailableError, SymbolNotListedError } from '../provider-errors';
import { exhibit99Links, itemsExcerpt, releaseExcerpt } from '../providers/sec-edgar';
import type { SecCompanyData, SecFiling } from '../providers/sec-edgar';
import { addDays } from '../quality/market-calendar';

/*
 * The words of a company's recent current reports, read once per filing: the 8-K's document, then
 * the press release it links as Exhibit 99 when there is one (filing-text.ts says what is kept).
 * Only 8-Ks of the last FILING_TEXT_DAYS (the catalysts' horizon is shorter), at most
 * MAX_FILING_TEXTS per company per run, each read at most once: a filing whose words are stored
 * keeps them. Two requests per new 8-K at most, inside EDGAR's fair-access limiter like every
 * other SEC request. A document that cannot be read leaves the filing without words, never the
 * company without its filings.
 */

export const FILING_TEXT_DAYS = 7;
export const MAX_FILING_TEXTS = 5;
const CURRENT_REPORTS = new Set(['8-K', '8-K/A']);

type FilingText = Pick<StoredFiling, 'text_excerpt' | 'text_source'>;

export interface FilingTextDeps {
  fundamentals: Pick<FundamentalsRepository, 'listFilings'>;
  sec: Pick<SecCompanyData, 'fetchDocument'>;
  now: () => Date;
}

async function readOne(sec: FilingTextDeps['sec'], cik: string, filing: SecFiling): Promise<FilingText> {
  const document = await sec.fetchDocument(filing.url, cik);
  const exhibit = exhibit99Links(document)[0];
  if (exhibit) {
    const release = releaseExcerpt(await sec.fetchDocument(new URL(exhibit, filing.url).href, cik));
    if (release) return { text_excerpt: release, text_source: 'exhibit_99' };
  }
  const items = itemsExcerpt(document);
  return { text_excerpt: items, text_source: items ? 'items' : null };
}

/** The words of each recent 8-K by accession: the stored ones kept, the new ones read. */
export async function readFilingTexts(
  deps: FilingTextDeps,
  cik: string,
  filings: readonly SecFiling[],
): Promise<Map<string, FilingText>> {
  const today = deps.now().toISOString().slice(0, 10);
  const since = addDays(today, -FILING_TEXT_DAYS);
  const recent = filings.filter((filing) => CURRENT_REPORTS.has(filing.form) && filing.filing_date >= since);
  const texts = new Map<string, FilingText>();
  if (recent.length === 0) return texts;
  const stored = await deps.fundamentals.listFilings(cik, since, today);
  for (const filing of stored) {
    if (filing.text_source) {
      texts.set(filing.accession, {
        text_excerpt: filing.text_excerpt ?? null,
        text_source: filing.text_source,
      });
    }
  }
  const unread = recent.filter((filing) => !texts.has(filing.accession)).slice(0, MAX_FILING_TEXTS);
  for (const filing of unread) {
    try {
      texts.set(filing.accession, await readOne(deps.sec, cik, filing));
    } catch (error: unknown) {
      // Unreadable now (gone, throttled, refused): the next daily run tries again.
      if (!(error instanceof ProviderUnavailableError || error instanceof SymbolNotListedError)) throw error;
    }
  }
  return texts;
}
