import type { FactorScore, PointInTimeFundamentals, SnapshotListing } from '../types';
import { buildFactor, type ComponentSpec } from './factor-score';
import { roundTo, scaleToScore } from './statistics';

/**
 * The factors read from the annual reports known on the analysis date (or, without one, a
 * contemporaneous screener snapshot): financial health, growth quality and value.
 */

function percentChange(latest: number | null, previous: number | null): number | null {
  if (latest === null || previous === null || !(previous > 0)) return null;
  return (latest / previous - 1) * 100;
}

export function scoreFinancialHealth(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  let debtToEquity: number | null = null;
  if (latest && latest.total_equity !== null && latest.long_term_debt !== null) {
    const debt = latest.long_term_debt + (latest.short_term_debt ?? 0);
    // Negative equity makes the ratio meaningless; it is scored as the worst leverage.
    debtToEquity = latest.total_equity > 0 ? debt / latest.total_equity : Number.POSITIVE_INFINITY;
  }
  // Snapshot inputs only stand in when there is no annual report for the symbol.
  const reportComponents: ComponentSpec[] = [
    {
      name: 'profit_margin',
      value: latest?.profit_margin_pct ?? null,
      unit: 'percent',
      weight: 0.3,
      toScore: (v) => scaleToScore(v, -10, 25),
    },
    {
      name: 'debt_to_equity',
      value: debtToEquity,
      unit: 'ratio',
      weight: 0.3,
      toScore: (v) => (Number.isFinite(v) ? scaleToScore(v, 3, 0) : 0),
    },
    {
      name: 'current_ratio',
      value: latest?.current_ratio ?? null,
      unit: 'ratio',
      weight: 0.2,
      toScore: (v) => scaleToScore(v, 0.5, 2),
    },
    {
      name: 'return_on_equity',
      value: latest?.after_tax_roe_pct ?? null,
      unit: 'percent',
      weight: 0.2,
      toScore: (v) => scaleToScore(v, 0, 25),
    },
  ];
  const snapshotComponents: ComponentSpec[] = [
    {
      name: 'eps_ttm',
      value: snapshot?.eps_ttm ?? null,
      unit: 'usd',
      weight: 0.5,
      toScore: (v) => (v > 0 ? 100 : 0),
    },
    // $300 M (micro cap) to $200 bn (mega cap) on a log scale: size buys resilience.
    {
      name: 'market_cap',
      value: snapshot?.market_cap ?? null,
      unit: 'usd',
      weight: 0.5,
      toScore: (v) => (v > 0 ? scaleToScore(Math.log10(v), Math.log10(3e8), Math.log10(2e11)) : 0),
    },
  ];
  return buildFactor(
    'financial_health',
    !latest && snapshot ? snapshotComponents : reportComponents,
    {
      // Where the figures come from, without words (the sites show it in any language): a 10-K, the screener.
      source: latest ? `10-K ${latest.period_ending}` : snapshot ? 'screener' : null,
      profit_margin_pct: latest?.profit_margin_pct ?? null,
      debt_to_equity:
        debtToEquity === null || !Number.isFinite(debtToEquity) ? null : roundTo(debtToEquity, 4),
      negative_equity: latest ? (latest.total_equity ?? 0) <= 0 : null,
      current_ratio: latest?.current_ratio ?? null,
      return_on_equity_pct: latest?.after_tax_roe_pct ?? null,
      eps_ttm: latest ? null : (snapshot?.eps_ttm ?? null),
      market_cap: latest ? null : (snapshot?.market_cap ?? null),
    },
    true,
  );
}

export function scoreGrowthQuality(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  const previous = fundamentals?.previous ?? null;
  const revenueGrowth = percentChange(latest?.total_revenue ?? null, previous?.total_revenue ?? null);
  // Net income growth, not EPS growth: it is immune to splits and buybacks.
  const reportGrowth = percentChange(latest?.net_income ?? null, previous?.net_income ?? null);
  const earningsGrowth = latest ? reportGrowth : (snapshot?.eps_growth_ttm_yoy_pct ?? null);
  const marginTrend =
    latest?.operating_margin_pct != null && previous?.operating_margin_pct != null
      ? latest.operating_margin_pct - previous.operating_margin_pct
      : null;
  const earningsComponent: ComponentSpec = {
    name: 'earnings_growth',
    value: earningsGrowth,
    unit: 'percent',
    weight: 0.35,
    toScore: (v) => scaleToScore(v, -20, 30),
  };
  return buildFactor(
    'growth_quality',
    // The snapshot only has EPS growth; revenue and margins come from annual reports.
    !latest && snapshot
      ? [earningsComponent]
      : [
          {
            name: 'revenue_growth',
            value: revenueGrowth,
            unit: 'percent',
            weight: 0.35,
            toScore: (v) => scaleToScore(v, -10, 20),
          },
          earningsComponent,
          // Growth that widens margins is quality; growth bought with thinner margins is not.
          {
            name: 'operating_margin_trend',
            value: marginTrend,
            unit: 'percent',
            weight: 0.3,
            toScore: (v) => scaleToScore(v, -5, 5),
          },
        ],
    {
      source: latest
        ? `10-K ${previous?.period_ending ?? '-'} → ${latest.period_ending}`
        : snapshot
          ? 'screener'
          : null,
      revenue_growth_pct: revenueGrowth,
      earnings_growth_pct: earningsGrowth,
      operating_margin_change_pts: marginTrend,
    },
    true,
  );
}

export function scoreValue(
  fundamentals: PointInTimeFundamentals | null,
  snapshot: SnapshotListing | null,
  price: number,
): FactorScore {
  const latest = fundamentals?.latest ?? null;
  let peRatio: number | null = null;
  let eps: number | null = null;
  if (latest && latest.earnings_per_share !== null && fundamentals) {
    eps = latest.earnings_per_share / fundamentals.eps_split_factor;
    peRatio = eps !== 0 ? price / eps : null;
  } else if (snapshot?.pe_ratio != null) {
    peRatio = snapshot.pe_ratio;
  } else if (snapshot?.eps_ttm != null && snapshot.eps_ttm <= 0) {
    // Screeners leave P/E blank for loss makers; a loss is the worst valuation, not missing data.
    peRatio = snapshot.eps_ttm === 0 ? null : price / snapshot.eps_ttm;
  }
  return buildFactor(
    'value',
    [
      // The S&P 500's long-run P/E is about 16: 10 is deep value, 40 prices in years of growth.
      // Losses (P/E <= 0) score 0.
      {
        name: 'pe_ratio',
        value: peRatio,
        unit: 'ratio',
        weight: 0.7,
        toScore: (v) => (v > 0 ? scaleToScore(v, 40, 10) : 0),
      },
      {
        name: 'dividend_yield',
        value: snapshot?.dividend_yield_pct ?? null,
        unit: 'percent',
        weight: 0.3,
        toScore: (v) => scaleToScore(v, 0, 4),
      },
    ],
    {
      price,
      pe_ratio: peRatio,
      eps_split_adjusted: eps,
      eps_split_factor: fundamentals?.eps_split_factor ?? null,
      dividend_yield_pct: snapshot?.dividend_yield_pct ?? null,
    },
    true,
  );
}
