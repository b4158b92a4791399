import type { FundamentalsRepository, StoredConcept, StoredFiling } from '../../data/fundamentals-repository';
import type { ReferenceRepository } from '../../data/reference-repository';
import type { SeriesRepository, SeriesState } from '../../data/series-repository';
import type { IsoDate } from '../../engine/types';
import { SymbolNotListedError } from '../provider-errors';
import type { CoinGeckoProvider, CoinListing } from '../providers/coingecko';
import type { SecCompanyData, SecTicker } from '../providers/sec-edgar';
import { addDays } from '../quality/market-calendar';
import { readFilingTexts } from './filing-texts';
import { lookupCik, tickerChunkOf } from './reference-lookup';

/*
 * What the ingestion worker stores besides prices:
 * - a company's SEC facts (companyfacts, every value with its filing date) and its filings of the last
 *   two years (submissions), with the words of its recent 8-Ks (filing-texts.ts), once a day per
 *   company that files with the SEC; a symbol the SEC ticker
 *   map does not list (an ETF, a foreign listing) is remembered as not a filer for the day;
 * - the reference lists: the SEC ticker map (chunked by the ticker's first character) and CoinGecko's
 *   coins by market capitalisation (chunked by page of 250).
 */

export const FUNDAMENTALS_REFRESH_HOURS = 20;
export const FILINGS_HISTORY_DAYS = 730;
export const COIN_LIST_PAGES = 4;

export interface CompanyIngestionDeps {
  series: Pick<SeriesRepository, 'getSeries' | 'putSeries'>;
  fundamentals: Pick<FundamentalsRepository, 'putConceptsIfChanged' | 'putFilings' | 'listFilings'>;
  reference: Pick<ReferenceRepository, 'getChunk' | 'putChunks' | 'listChunks'>;
  sec: SecCompanyData;
  now: () => Date;
}

/** Re-reads and retries when another worker wrote the series meanwhile. */
export async function updateSeries(
  series: Pick<SeriesRepository, 'getSeries' | 'putSeries'>,
  symbol: string,
  change: (current: SeriesState) => Partial<SeriesState>,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await series.getSeries(symbol);
    if (!current) return;
    if (await series.putSeries({ ...current, ...change(current), version: current.version + 1 })) return;
  }
}

export async function ingestCompany(
  deps: CompanyIngestionDeps,
  state: SeriesState,
): Promise<'stored' | 'skipped' | 'not-a-filer'> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const fresh = state.fundamentals_fetched_at
    ? now.getTime() - Date.parse(state.fundamentals_fetched_at) < FUNDAMENTALS_REFRESH_HOURS * 3_600_000
    : false;
  if (fresh) return 'skipped';
  const cik = state.cik ?? (await lookupCik(deps.reference, state.symbol));
  if (!cik) {
    await updateSeries(deps.series, state.symbol, () => ({ cik: null, fundamentals_fetched_at: nowIso }));
    return 'not-a-filer';
  }
  const source = 'SEC EDGAR';
  let concepts: StoredConcept[] = [];
  try {
    const facts = await deps.sec.fetchCompanyFacts(cik);
    concepts = facts.concepts.map((concept) => ({
      cik,
      ...concept,
      source: `${source} companyfacts`,
      fetched_at: nowIso,
    }));
  } catch (error: unknown) {
    // A filer without XBRL facts (404) still has filings.
    if (!(error instanceof SymbolNotListedError)) throw error;
  }
  const since: IsoDate = addDays(nowIso.slice(0, 10), -FILINGS_HISTORY_DAYS);
  const { filings } = await deps.sec.fetchFilings(cik, since);
  const texts = await readFilingTexts(deps, cik, filings);
  await deps.fundamentals.putConceptsIfChanged(cik, concepts);
  await deps.fundamentals.putFilings(
    filings.map((filing): StoredFiling => ({
      cik,
      ...filing,
      ...(texts.get(filing.accession) ?? {}),
      source: `${source} submissions`,
      fetched_at: nowIso,
    })),
  );
  await updateSeries(deps.series, state.symbol, () => ({ cik, fundamentals_fetched_at: nowIso }));
  return 'stored';
}

export async function ingestSecTickers(
  deps: Pick<CompanyIngestionDeps, 'reference' | 'sec' | 'now'>,
): Promise<number> {
  const tickers = await deps.sec.fetchTickerMap();
  const byChunk = new Map<string, SecTicker[]>();
  for (const entry of tickers) {
    const chunk = tickerChunkOf(entry.ticker);
    byChunk.set(chunk, [...(byChunk.get(chunk) ?? []), entry]);
  }
  const fetchedAt = deps.now().toISOString();
  await deps.reference.putChunks(
    'sec-tickers',
    [...byChunk.entries()].map(([chunk, entries]) => ({
      chunk,
      entries,
      source: 'SEC EDGAR company_tickers.json',
      fetched_at: fetchedAt,
    })),
  );
  return tickers.length;
}

export async function ingestCoinList(deps: {
  reference: Pick<ReferenceRepository, 'putChunks'>;
  coingecko: CoinGeckoProvider;
  now: () => Date;
}): Promise<number> {
  const coins = await deps.coingecko.listCoinsByMarketCap(COIN_LIST_PAGES);
  const fetchedAt = deps.now().toISOString();
  const chunks: { chunk: string; entries: CoinListing[]; source: string; fetched_at: string }[] = [];
  for (let index = 0; index < coins.length; index += 250) {
    chunks.push({
      chunk: `page-${String(index / 250 + 1).padStart(2, '0')}`,
      entries: coins.slice(index, index + 250),
      source: 'CoinGecko coins/markets',
      fetched_at: fetchedAt,
    });
  }
  await deps.reference.putChunks('coingecko-coins', chunks);
  return coins.length;
}
