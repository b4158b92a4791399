import type { StoredConcept, StoredFact } from '../../../data/fundamentals-repository';
import type { AnnualFundamentals, IsoDate, PointInTimeFundamentals } from '../../../engine/types';

/*
 * Annual fundamentals from SEC `companyfacts`, point in time by filing date: on a date D only facts
 * filed on or before D exist. The fields, the us-gaap tags read and their fallbacks are documented
 * in ./README.md "Fundamentals from companyfacts"; keep the two in step.
 *
 * - A fiscal year is a duration of 350 to 380 days reported in an annual report (10-K, 10-K/A) for
 *   revenue or net income; it is known from the day its first annual report was filed.
 * - For a year, the value read is the one of the most recent filing made by D among the field's tags
 *   (within one filing, the first tag listed): a later annual report restating a comparative, even
 *   under another tag, replaces it, but only from the day that report was filed.
 * - EPS is converted to the split-adjusted basis of the stored prices: each jump of the cover page's
 *   share count by 1.5x or more after the report (Tesla 5:1 in 2020, 3:1 in 2022) divides it by the
 *   rounded ratio. Like the replay's reports, this reads later share counts only to convert units.
 */

export const SEC_FUNDAMENTAL_TAGS = {
  revenue: ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'SalesRevenueNet'],
  netIncome: ['NetIncomeLoss'],
  grossProfit: ['GrossProfit'],
  operatingIncome: ['OperatingIncomeLoss'],
  eps: ['EarningsPerShareBasic', 'EarningsPerShareDiluted'],
  operatingCashFlow: ['NetCashProvidedByUsedInOperatingActivities'],
  longTermDebt: ['LongTermDebtNoncurrent', 'LongTermDebt'],
  currentDebt: ['LongTermDebtCurrent', 'DebtCurrent'],
  equity: ['StockholdersEquity'],
  currentAssets: ['AssetsCurrent'],
  currentLiabilities: ['LiabilitiesCurrent'],
  liabilities: ['Liabilities'],
} as const satisfies Record<string, readonly string[]>;

/** The dei tag of the cover page's share count. */
export const SHARES_OUTSTANDING_TAG = 'EntityCommonStockSharesOutstanding';

const ANNUAL_FORMS = new Set(['10-K', '10-K/A']);
const MIN_YEAR_DAYS = 350;
const MAX_YEAR_DAYS = 380;
const SPLIT_SHARE_RATIO = 1.5;

const daysBetween = (from: IsoDate, to: IsoDate) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const isAnnualDuration = (fact: StoredFact) =>
  fact.start !== undefined &&
  daysBetween(fact.start, fact.end) >= MIN_YEAR_DAYS &&
  daysBetween(fact.start, fact.end) <= MAX_YEAR_DAYS;

/** The concepts of a company by tag, us-gaap only (dei is read apart). */
function usGaapByTag(concepts: readonly StoredConcept[]): Map<string, StoredConcept> {
  return new Map(
    concepts.filter((concept) => concept.taxonomy === 'us-gaap').map((concept) => [concept.tag, concept]),
  );
}

/** The fact of one tag for the fiscal year ending `end`, from the latest filing made by `asOf`. */
function factFor(
  concept: StoredConcept | undefined,
  end: IsoDate,
  asOf: IsoDate,
  kind: 'duration' | 'instant',
): StoredFact | null {
  if (!concept) return null;
  let best: StoredFact | null = null;
  for (const fact of concept.facts) {
    if (fact.end !== end || fact.filed > asOf) continue;
    if (kind === 'duration' ? !isAnnualDuration(fact) : fact.start !== undefined) continue;
    if (!best || fact.filed > best.filed || (fact.filed === best.filed && fact.accn > best.accn)) best = fact;
  }
  return best;
}

/**
 * The fact of the most recent filing by `asOf` among the tags (a company that changed tags, as many
 * did for revenue in 2018, restates old years under the new one); within one filing, tag order.
 */
function firstFact(
  byTag: Map<string, StoredConcept>,
  tags: readonly string[],
  end: IsoDate,
  asOf: IsoDate,
  kind: 'duration' | 'instant',
): StoredFact | null {
  let best: StoredFact | null = null;
  for (const tag of tags) {
    const fact = factFor(byTag.get(tag), end, asOf, kind);
    if (fact && (!best || fact.filed > best.filed)) best = fact;
  }
  return best;
}

/** Fiscal years known on `asOf`: end date -> the first annual report's filing date, ascending by end. */
function knownFiscalYears(byTag: Map<string, StoredConcept>, asOf: IsoDate): Map<IsoDate, IsoDate> {
  const years = new Map<IsoDate, IsoDate>();
  for (const tag of [...SEC_FUNDAMENTAL_TAGS.revenue, ...SEC_FUNDAMENTAL_TAGS.netIncome]) {
    for (const fact of byTag.get(tag)?.facts ?? []) {
      if (!ANNUAL_FORMS.has(fact.form) || fact.filed > asOf || !isAnnualDuration(fact)) continue;
      const known = years.get(fact.end);
      if (!known || fact.filed < known) years.set(fact.end, fact.filed);
    }
  }
  return new Map([...years].sort(([a], [b]) => a.localeCompare(b)));
}

const percentOf = (part: number | null, whole: number | null) =>
  part === null || whole === null || whole === 0 ? null : (part / whole) * 100;

/** The cover page's share counts, by the period they describe, ascending (every filing: units only). */
function shareCounts(concepts: readonly StoredConcept[]): StoredFact[] {
  const cover = concepts.find(
    (concept) => concept.taxonomy === 'dei' && concept.tag === SHARES_OUTSTANDING_TAG,
  );
  return [...(cover?.facts ?? [])].sort(
    (a, b) => a.end.localeCompare(b.end) || a.filed.localeCompare(b.filed),
  );
}

/** The split factor between the share basis of a report filed on `filed` and today's. */
export function splitFactorAfter(counts: readonly StoredFact[], filed: IsoDate): number {
  let factor = 1;
  for (let index = 1; index < counts.length; index += 1) {
    const before = counts[index - 1] as StoredFact;
    const after = counts[index] as StoredFact;
    if (after.end <= filed || before.val <= 0) continue;
    const ratio = after.val / before.val;
    if (ratio >= SPLIT_SHARE_RATIO) factor *= Math.round(ratio);
  }
  return factor;
}

/** The latest cover share count filed by `asOf` for a period ending by `end` plus 90 days. */
function sharesOutstanding(counts: readonly StoredFact[], end: IsoDate, asOf: IsoDate): number | null {
  let best: StoredFact | null = null;
  for (const fact of counts) {
    if (fact.filed > asOf || daysBetween(end, fact.end) > 90) continue;
    if (!best || fact.end > best.end || (fact.end === best.end && fact.filed > best.filed)) best = fact;
  }
  return best ? best.val : null;
}

function annualRecord(
  symbol: string,
  byTag: Map<string, StoredConcept>,
  counts: readonly StoredFact[],
  end: IsoDate,
  asOf: IsoDate,
): { record: AnnualFundamentals; epsFiled: IsoDate | null } {
  const tags = SEC_FUNDAMENTAL_TAGS;
  const duration = (names: readonly string[]) => firstFact(byTag, names, end, asOf, 'duration')?.val ?? null;
  const instant = (names: readonly string[]) => firstFact(byTag, names, end, asOf, 'instant')?.val ?? null;
  const eps = firstFact(byTag, tags.eps, end, asOf, 'duration');
  const revenue = duration(tags.revenue);
  const netIncome = duration(tags.netIncome);
  const equity = instant(tags.equity);
  const currentAssets = instant(tags.currentAssets);
  const currentLiabilities = instant(tags.currentLiabilities);
  const noncurrentDebt = instant(['LongTermDebtNoncurrent']);
  const record: AnnualFundamentals = {
    symbol,
    period_ending: end,
    fiscal_year: Number(end.slice(0, 4)),
    total_revenue: revenue,
    net_income: netIncome,
    gross_margin_pct: percentOf(duration(tags.grossProfit), revenue),
    operating_margin_pct: percentOf(duration(tags.operatingIncome), revenue),
    profit_margin_pct: percentOf(netIncome, revenue),
    after_tax_roe_pct: equity !== null && equity > 0 ? percentOf(netIncome, equity) : null,
    current_ratio:
      currentAssets !== null && currentLiabilities !== null && currentLiabilities > 0
        ? currentAssets / currentLiabilities
        : null,
    total_liabilities: instant(tags.liabilities),
    total_equity: equity,
    // LongTermDebt (the fallback) already includes the current part: add it only to the noncurrent tag.
    long_term_debt: noncurrentDebt ?? instant(['LongTermDebt']),
    short_term_debt: noncurrentDebt !== null ? instant(tags.currentDebt) : null,
    earnings_per_share: eps?.val ?? null,
    operating_cash_flow: duration(tags.operatingCashFlow),
    shares_outstanding: sharesOutstanding(counts, end, asOf),
  };
  return { record, epsFiled: eps?.filed ?? null };
}

/**
 * The fundamentals known on `asOf` from a company's stored companyfacts: the latest fiscal year
 * whose annual report was filed by then and the year before it, or null when none was.
 */
export function secFundamentalsAsOf(
  symbol: string,
  concepts: readonly StoredConcept[],
  asOf: IsoDate,
): PointInTimeFundamentals | null {
  const byTag = usGaapByTag(concepts);
  const years = [...knownFiscalYears(byTag, asOf)];
  const latestYear = years.at(-1);
  if (!latestYear) return null;
  const [latestEnd] = latestYear;
  const counts = shareCounts(concepts);
  const latest = annualRecord(symbol, byTag, counts, latestEnd, asOf);
  const previousYear = years
    .slice(0, -1)
    .reverse()
    .find(([end]) => daysBetween(end, latestEnd) >= 300 && daysBetween(end, latestEnd) <= 430);
  return {
    latest: latest.record,
    previous: previousYear ? annualRecord(symbol, byTag, counts, previousYear[0], asOf).record : null,
    // The EPS read may come from a later report that already restated it for a split.
    eps_split_factor: latest.epsFiled ? splitFactorAfter(counts, latest.epsFiled) : 1,
  };
}
