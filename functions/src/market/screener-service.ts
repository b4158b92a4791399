import {
  SCREENER_OPEN_FILTERS,
  type ScreenerQuery,
  type ScreenerResponse,
  type ScreenerRow,
} from '@app/shared/domain/entities/screener';
import { featureAccess } from '@app/shared/domain/catalogue/tiers';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { message } from '@app/shared/messages/message';
import type { AuthContext } from '../platform/auth-context';
import { currentRequestScope } from '../platform/request-scope';
import type { Render } from '../platform/messages';
import { assertFeature, resolveCallerPlan } from '../entitlements/entitlements';
import type { GradedSymbol } from '../data/market-day-repository';
import type { SymbolInfo } from '../engine/types';
import { isFxSymbol } from '../engine/fx-rates';
import { ETF_CATEGORIES } from '../market-data/providers/replay';
import { readMarketAt } from '../market-data/market-quotes';
import type { MarketDeps } from './market-deps';
import { gatedFiltersOf, screenRows } from './screener-filter';

/**
 * GET /api/ai/screener (docs/product.md "Screener"): the rows of the market date are built once from
 * the grades the price poll stored for it (market-data/README.md "Grades once per market date") and
 * kept for the process; a request only filters, sorts and cuts a page. Nothing is graded here: a date
 * not graded yet (live mode, or the poll still grading it) answers with no rows and `graded: false`.
 */

const ETF_CATEGORY_SET: ReadonlySet<string> = new Set(ETF_CATEGORIES);

type ScreenerDeps = Pick<MarketDeps, 'engine' | 'prices' | 'marketDay' | 'users' | 'now' | 'sectorOf'>;

interface ScreenedDay {
  rows: ScreenerRow[];
  etfCategories: string[];
  sectors: string[];
}

/** One built day per graded map: the map is itself kept per date by market-quotes.ts. */
const builtDays = new WeakMap<Map<string, GradedSymbol>, ScreenedDay>();

function factorScore(graded: GradedSymbol, name: string): number | null {
  const factor = graded.analysis?.nugget_scores.factors.find((candidate) => candidate.name === name);
  return factor && factor.status !== 'no_data' ? factor.score : null;
}

/** One row of the screener from a symbol's stored grade; null for a symbol quoted but not graded. */
export function screenerRowOf(
  info: SymbolInfo,
  graded: GradedSymbol,
  sectorOf: (symbol: string) => string | null,
): ScreenerRow | null {
  const analysis = graded.analysis;
  if (!analysis) return null;
  const category = info.category ?? null;
  const isEtf = category !== null && ETF_CATEGORY_SET.has(category);
  const scores = analysis.nugget_scores;
  return {
    symbol: info.symbol,
    name: info.name,
    asset_type: isEtf ? 'etf' : info.asset_type,
    etf_category: isEtf ? category : null,
    sector: isEtf ? null : (category ?? sectorOf(info.symbol)),
    grade: scores.investment_grade,
    score: scores.composite_rationality_score,
    // As the cards show it (nugget-card.tsx): the risk score's level, 5 for a risk factor without data.
    risk_level: riskLevel(scores.risk_score),
    financial_health: factorScore(graded, 'financial_health'),
    growth_quality: factorScore(graded, 'growth_quality'),
    value: factorScore(graded, 'value'),
    momentum: factorScore(graded, 'momentum'),
    momentum_3m: analysis.risk_metrics.momentum_3m,
    // The replayed listings snapshot is undated (docs/product.md "Screener"): no yield on a date.
    dividend_yield: null,
    price: graded.quote.price,
    change_percent: graded.quote.change_percent,
    as_of: graded.quote.as_of,
  };
}

export function buildScreenedDay(
  universe: readonly SymbolInfo[],
  day: ReadonlyMap<string, GradedSymbol>,
  sectorOf: (symbol: string) => string | null,
): ScreenedDay {
  const rows: ScreenerRow[] = [];
  for (const info of universe) {
    const graded = day.get(info.symbol);
    if (!graded || isFxSymbol(info.symbol)) continue;
    const row = screenerRowOf(info, graded, sectorOf);
    if (row) rows.push(row);
  }
  const distinct = (values: (string | null)[]) =>
    [...new Set(values.filter((value): value is string => value !== null))].sort();
  return {
    rows,
    etfCategories: distinct(rows.map((row) => row.etf_category)),
    sectors: distinct(rows.map((row) => row.sector)),
  };
}

export async function screenUniverse(
  query: ScreenerQuery,
  auth: AuthContext,
  render: Render,
  deps: ScreenerDeps,
): Promise<ScreenerResponse> {
  const plan = await resolveCallerPlan(auth, deps.users);
  if (!plan.demo) {
    const scope = currentRequestScope();
    if (scope) scope.tier = plan.tier;
  }
  // Filters beyond asset type and grade range need the plan's screener filters (the tier catalogue).
  if (gatedFiltersOf(query, SCREENER_OPEN_FILTERS).length > 0) assertFeature(plan.tier, 'screener_filters');

  const reading = readMarketAt(
    { engine: deps.engine, prices: deps.prices, ...(deps.marketDay ? { marketDay: deps.marketDay } : {}) },
    deps.now(),
  );
  const day = await reading.graded();
  let screened: ScreenedDay = { rows: [], etfCategories: [], sectors: [] };
  if (day) {
    screened =
      builtDays.get(day) ??
      buildScreenedDay(await deps.engine.listUniverse(), day, deps.sectorOf ?? (() => null));
    builtDays.set(day, screened);
  }
  const page = screenRows(screened.rows, query);
  return {
    market_date: reading.marketDate.date,
    graded: day !== null,
    total: page.total,
    universe: screened.rows.length,
    page: query.page,
    page_size: query.page_size,
    rows: page.rows,
    tier: plan.tier,
    all_filters: featureAccess(plan.tier, 'screener_filters').allowed,
    etf_categories: screened.etfCategories,
    sectors: screened.sectors,
    dividend_yield_note: render(message('SCREENER_DIVIDEND_YIELD_UNDATED')),
  };
}
