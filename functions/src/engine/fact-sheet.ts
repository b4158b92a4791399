import type { Fact, FactUnit } from '@app/shared/domain/entities/fact-sheet';
import type { MarketCatalyst } from '@app/shared/domain/entities/catalysts';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { isGlossaryTerm, SCORE_GLOSSARY } from '@app/shared/domain/rules/score-glossary';
import { createHash } from 'node:crypto';
import { addCalendarDays, PUBLICATION_LAG_DAYS } from './point-in-time';
import type {
  AnnualFundamentals,
  IsoDate,
  PointInTimeFundamentals,
  SymbolAnalysis,
  SymbolInfo,
} from './types';

/*
 * A symbol's fact sheet (docs/product.md "Fact sheets"): every figure of one analysis, each with a
 * stable id, its unit, the date it describes and where it comes from. Nothing is computed here: the
 * scores and factors are the contract's nugget scores (the same mapping the analysis routes answer
 * with), the risk, momentum and volume figures the analysis', the fundamentals the annual reports the
 * analysis read. Pure; ids and dates are tested in fact-sheet.test.ts.
 */

/** The nugget scores in the contract's shape (market-data/engine-mappers.ts toContractNuggetScores). */
export interface ContractNuggetScores {
  investment_grade: string;
  composite_rationality_score: number;
  risk_reward_ratio: number;
  factors?: readonly {
    name: string;
    score: number | null;
    weight: number;
    inputs?: Record<string, number | string | null> | undefined;
  }[];
}

export interface SymbolFactsInput {
  info: SymbolInfo;
  analysis: SymbolAnalysis;
  /** The nugget scores as the analysis routes send them (inputs written as the contract writes them). */
  scores: ContractNuggetScores;
  /** The annual reports the analysis read (point in time), or null. */
  fundamentals: PointInTimeFundamentals | null;
  /** The symbol's scored news; only those published on or before the market date become facts. */
  catalysts: readonly MarketCatalyst[];
  marketDate: IsoDate;
}

/** Where a figure comes from: a short code, then what identifies the data. */
export const FACT_SOURCES = {
  engine: 'engine',
  prices: (info: SymbolInfo) => `prices:${info.source.package}/${info.source.file}`,
  annualReport: (periodEnding: IsoDate) => `annual_report:${periodEnding}`,
  catalyst: (source: string) => `catalyst:${source}`,
} as const;

/** The unit of a named figure: the glossary's format when it has one. */
function unitOf(name: string, value: Fact['value']): FactUnit {
  if (isGlossaryTerm(name)) return SCORE_GLOSSARY[name];
  return typeof value === 'string' ? 'text' : 'ratio';
}

const REPORT_FIELDS: readonly [keyof AnnualFundamentals, FactUnit][] = [
  ['total_revenue', 'usd'],
  ['net_income', 'usd'],
  ['gross_margin_pct', 'percent'],
  ['operating_margin_pct', 'percent'],
  ['profit_margin_pct', 'percent'],
  ['after_tax_roe_pct', 'percent'],
  ['current_ratio', 'ratio'],
  ['total_liabilities', 'usd'],
  ['total_equity', 'usd'],
  ['long_term_debt', 'usd'],
  ['short_term_debt', 'usd'],
  ['earnings_per_share', 'usd'],
  ['shares_outstanding', 'shares'],
  ['operating_cash_flow', 'usd'],
];

function reportFacts(prefix: string, report: AnnualFundamentals): Fact[] {
  const at = { as_of: report.period_ending, source: FACT_SOURCES.annualReport(report.period_ending) };
  return [
    { id: `${prefix}.period_ending`, value: report.period_ending, unit: 'date', ...at },
    { id: `${prefix}.fiscal_year`, value: report.fiscal_year, unit: 'count', ...at },
    ...REPORT_FIELDS.map(([field, unit]): Fact => {
      const value = report[field];
      return { id: `${prefix}.${field}`, value: typeof value === 'number' ? value : null, unit, ...at };
    }),
  ];
}

/**
 * The annual reports the analysis read, with the day the latest counts as published: the replay's
 * point-in-time rule (point-in-time.ts PUBLICATION_LAG_DAYS after the fiscal year's end), or the
 * analysis date when a live filing came earlier than that (it was read, so it was filed by then).
 */
function fundamentalsFacts(fundamentals: PointInTimeFundamentals | null, asOf: IsoDate): Fact[] {
  if (!fundamentals) return [];
  const { latest, previous } = fundamentals;
  const source = FACT_SOURCES.annualReport(latest.period_ending);
  const lagged = addCalendarDays(latest.period_ending, PUBLICATION_LAG_DAYS);
  const knownFrom = lagged < asOf ? lagged : asOf;
  return [
    ...reportFacts('fundamentals.latest', latest),
    { id: 'fundamentals.latest.known_from', value: knownFrom, unit: 'date', as_of: knownFrom, source },
    {
      id: 'fundamentals.eps_split_factor',
      value: fundamentals.eps_split_factor,
      unit: 'ratio',
      as_of: latest.period_ending,
      source,
    },
    ...(previous ? reportFacts('fundamentals.previous', previous) : []),
  ];
}

/** A catalyst's id: its publication day and a short hash of its title, stable across reads. */
export function catalystKey(catalyst: Pick<MarketCatalyst, 'published_date' | 'title'>): string {
  const hash = createHash('sha256').update(`${catalyst.published_date}|${catalyst.title}`).digest('hex');
  return `${catalyst.published_date.slice(0, 10).replaceAll('-', '')}_${hash.slice(0, 8)}`;
}

function catalystFacts(catalysts: readonly MarketCatalyst[], marketDate: IsoDate): Fact[] {
  return catalysts
    .filter((catalyst) => catalyst.published_date.slice(0, 10) <= marketDate)
    .flatMap((catalyst) => {
      const at = {
        as_of: catalyst.published_date.slice(0, 10),
        source: FACT_SOURCES.catalyst(catalyst.source),
      };
      const prefix = `catalyst.${catalystKey(catalyst)}`;
      return [
        { id: `${prefix}.title`, value: catalyst.title, unit: 'text', ...at },
        { id: `${prefix}.event_type`, value: catalyst.event_type, unit: 'level', ...at },
        { id: `${prefix}.impact_score`, value: catalyst.impact_score, unit: 'score', ...at },
        { id: `${prefix}.sentiment_score`, value: catalyst.sentiment_score, unit: 'ratio', ...at },
      ] satisfies Fact[];
    });
}

const MOMENTUM_PERIODS = ['momentum_1w', 'momentum_1m', 'momentum_3m'] as const;

export function assembleSymbolFacts(input: SymbolFactsInput): Fact[] {
  const { info, analysis, scores, marketDate } = input;
  const risk = analysis.risk_metrics;
  const volume = analysis.volume_analysis;
  const day = analysis.price_date;
  const engine = { as_of: day, source: FACT_SOURCES.engine };
  const prices = { as_of: day, source: FACT_SOURCES.prices(info) };
  const riskFactor = scores.factors?.find((factor) => factor.name === 'risk');
  return [
    { id: 'score.grade', value: scores.investment_grade, unit: 'grade', ...engine },
    { id: 'score.composite', value: scores.composite_rationality_score, unit: 'score', ...engine },
    { id: 'score.risk_reward_ratio', value: scores.risk_reward_ratio, unit: 'ratio', ...engine },
    {
      id: 'score.data_completeness',
      value: analysis.nugget_scores.data_completeness,
      unit: 'ratio',
      ...engine,
    },
    ...(scores.factors ?? []).flatMap((factor) => [
      { id: `factor.${factor.name}.score`, value: factor.score, unit: 'score', ...engine } satisfies Fact,
      { id: `factor.${factor.name}.weight`, value: factor.weight, unit: 'weight', ...engine } satisfies Fact,
      ...Object.entries(factor.inputs ?? {}).map(([name, value]): Fact => ({
        id: `factor.${factor.name}.input.${name}`,
        value,
        unit: unitOf(name, value),
        ...engine,
      })),
    ]),
    { id: 'risk.level', value: riskLevel(riskFactor?.score), unit: 'riskLevel', ...engine },
    { id: 'risk.volatility_1m', value: risk.volatility_1month, unit: 'percent', ...prices },
    { id: 'risk.volatility_regime', value: risk.volatility_regime, unit: 'level', ...prices },
    { id: 'risk.max_drawdown_1y', value: risk.max_drawdown, unit: 'percent', ...prices },
    { id: 'risk.sharpe_1y', value: risk.sharpe_estimation, unit: 'ratio', ...prices },
    { id: 'risk.bars_used', value: risk.bars_used, unit: 'count', ...prices },
    ...MOMENTUM_PERIODS.flatMap((period): Fact[] => {
      const dates = risk.momentum_periods[period];
      const id = `momentum.${period.replace('momentum_', '')}`;
      const at = { as_of: dates?.to ?? day, source: FACT_SOURCES.prices(info) };
      return [
        { id: `${id}.change`, value: risk[period], unit: 'signedPercent', ...at },
        { id: `${id}.from`, value: dates?.from ?? null, unit: 'date', ...at },
      ];
    }),
    { id: 'volume.ratio_20d', value: volume.volume_ratio_20d, unit: 'ratio', ...prices },
    { id: 'volume.surge_level', value: volume.volume_surge_level, unit: 'level', ...prices },
    { id: 'volume.obv_trend', value: volume.obv_trend, unit: 'level', ...prices },
    {
      id: 'volume.accumulation_distribution',
      value: volume.accumulation_distribution,
      unit: 'shares',
      ...prices,
    },
    { id: 'price.close', value: analysis.current_price, unit: 'usd', ...prices },
    ...fundamentalsFacts(input.fundamentals, analysis.as_of),
    ...catalystFacts(input.catalysts, marketDate),
  ];
}

/** What every plan reads of a symbol's sheet; the rest is the 'full' detail (PREMIUM and up). */
const BASIC_FACT = /^(score\.|factor\.[a-z_]+\.(score|weight)$|risk\.level$|price\.|catalyst\.)/;

export function factsAtLevel(facts: readonly Fact[], level: 'basic' | 'full'): Fact[] {
  return level === 'full' ? [...facts] : facts.filter((fact) => BASIC_FACT.test(fact.id));
}
