import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketCatalyst } from '@app/shared/domain/entities/catalysts';
import { FACT_ID_PATTERN, FactSchema, type Fact } from '@app/shared/domain/entities/fact-sheet';
import { explainedScoresOf } from '@app/shared/domain/rules/fact-sheet-factors';
import { rendererFor } from '../platform/messages';
import { toContractNuggetScores } from '../market-data/engine-mappers';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
} from '../market-data/providers/replay/load-fundamentals';
import { loadUsDailySeries } from '../market-data/providers/replay/load-us-daily';
import { analyzeSymbol } from './analytics/analyze-symbol';
import { assembleSymbolFacts, catalystKey, factsAtLevel } from './fact-sheet';
import { selectFundamentalsAsOf } from './point-in-time';
import type { AnnualFundamentals, PriceSeries } from './types';

/*
 * A symbol's fact sheet on the replayed AAPL series (the data the local stack replays). Expected
 * figures are read from the source CSV by hand (../shared/data/us-daily-2007-2017/stocks/AAPL.csv),
 * not from the engine.
 */

const MARKET_DATE = '2017-01-01'; // a Sunday: Friday 2016-12-30's close
const SOURCE = new URL('../../../../shared/data/us-daily-2007-2017/stocks/AAPL.csv', import.meta.url);
const CSV = readFileSync(fileURLToPath(SOURCE), 'utf8').trim().split('\n').slice(1);
const closes = CSV.map((row) => row.split(',')).map(([date, , , , close]) => ({
  date: date as string,
  close: Number(close),
}));
const closeOnOrBefore = (date: string) => closes.filter((row) => row.date <= date).at(-1)?.close as number;

const catalyst = (published_date: string, title: string): MarketCatalyst => ({
  symbol: 'AAPL',
  event_type: 'earnings',
  title,
  description: '',
  published_date,
  impact_score: 70,
  impact_level: 'HIGH',
  sentiment_score: 0.4,
  sentiment_label: 'positive',
  source: 'Sample wire',
  url: '',
  sample: true,
  tickers_mentioned: ['AAPL'],
  keywords: [],
  catalyst_strength: 60,
});

let apple: PriceSeries;
let reports: AnnualFundamentals[] | undefined;

function sheetOn(asOf: string, marketDate: string, catalysts: MarketCatalyst[] = []): Fact[] {
  const fundamentals = selectFundamentalsAsOf(reports, asOf);
  const analysis = analyzeSymbol({
    symbol: 'AAPL',
    bars: apple.bars,
    fundamentals,
    assetType: 'stock',
    asOf,
  });
  const { bars: _bars, ...info } = apple;
  return assembleSymbolFacts({
    info: { ...info, symbol: 'AAPL', name: 'Apple', first_date: '', last_date: '' },
    analysis,
    scores: toContractNuggetScores(analysis.nugget_scores, rendererFor('en')),
    fundamentals,
    catalysts,
    marketDate,
  });
}

const valueOf = (facts: readonly Fact[], id: string) => facts.find((fact) => fact.id === id)?.value;

describe('a symbol fact sheet (AAPL, market date 2017-01-01)', () => {
  let facts: Fact[];
  beforeAll(() => {
    apple = loadUsDailySeries('AAPL');
    reports = indexFundamentalsBySymbol(loadAnnualFundamentals()).get('AAPL');
    facts = sheetOn(MARKET_DATE, MARKET_DATE, [
      catalyst('2016-12-28T14:00:00Z', 'Results beat'),
      catalyst('2017-01-03T14:00:00Z', 'A later headline'),
    ]);
  });

  it('gives every fact a unique id of the documented shape, a contract-valid value and unit', () => {
    const ids = facts.map((fact) => fact.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => FACT_ID_PATTERN.test(id))).toBe(true);
    expect(facts.every((fact) => FactSchema.safeParse(fact).success)).toBe(true);
  });

  it('dates no fact after the market date, and leaves out a catalyst published after it', () => {
    expect(facts.filter((fact) => fact.as_of > MARKET_DATE)).toEqual([]);
    expect(facts.some((fact) => fact.id.endsWith('.title') && fact.value === 'A later headline')).toBe(false);
    const key = catalystKey({ published_date: '2016-12-28T14:00:00Z', title: 'Results beat' });
    expect(facts.find((fact) => fact.id === `catalyst.${key}.impact_score`)).toMatchObject({
      value: 70,
      as_of: '2016-12-28',
      source: 'catalyst:Sample wire',
    });
  });

  it('keeps the same ids on another day with the same data (stable ids)', () => {
    const ids = (list: readonly Fact[]) =>
      list.map((fact) => fact.id).filter((id) => !id.startsWith('catalyst.'));
    expect(ids(sheetOn('2015-06-30', '2015-06-30'))).toEqual(ids(facts));
  });

  it('states the close, momentum and one-year drawdown the CSV gives', () => {
    expect(valueOf(facts, 'price.close')).toBe(closeOnOrBefore('2016-12-30'));
    const month = facts.find((fact) => fact.id === 'momentum.1m.change') as Fact;
    const from = valueOf(facts, 'momentum.1m.from') as string;
    expect(month.as_of).toBe('2016-12-30');
    expect(month.value as number).toBeCloseTo(
      (closeOnOrBefore('2016-12-30') / closeOnOrBefore(from) - 1) * 100,
      10,
    );
    // The drawdown over the last 253 closes (a year of returns).
    const year = closes.filter((row) => row.date <= '2016-12-30').slice(-253);
    let peak = 0;
    let worst = 0;
    for (const { close } of year) {
      peak = Math.max(peak, close);
      worst = Math.min(worst, (close / peak - 1) * 100);
    }
    expect(valueOf(facts, 'risk.max_drawdown_1y') as number).toBeCloseTo(worst, 10);
  });

  it('dates the fundamentals by their report: fiscal 2016 (ended 2016-09-24), counted from 90 days later', () => {
    expect(valueOf(facts, 'fundamentals.latest.period_ending')).toBe('2016-09-24');
    expect(valueOf(facts, 'fundamentals.latest.known_from')).toBe('2016-12-23');
    expect(valueOf(facts, 'fundamentals.previous.period_ending')).toBe('2015-09-26');
    const revenue = facts.find((fact) => fact.id === 'fundamentals.latest.total_revenue') as Fact;
    expect(revenue).toMatchObject({ unit: 'usd', as_of: '2016-09-24', source: 'annual_report:2016-09-24' });
  });

  it('reads back the score explanation the analysis routes send: grade, composite, each factor', () => {
    const analysis = analyzeSymbol({
      symbol: 'AAPL',
      bars: apple.bars,
      fundamentals: selectFundamentalsAsOf(reports, MARKET_DATE),
      assetType: 'stock',
      asOf: MARKET_DATE,
    });
    const sent = toContractNuggetScores(analysis.nugget_scores, rendererFor('en'));
    const notes = Object.fromEntries(sent.factors!.map((factor) => [`factor.${factor.name}`, factor.note!]));
    const explained = explainedScoresOf({ facts, notes });
    expect(explained.investment_grade).toBe(sent.investment_grade);
    expect(explained.composite_rationality_score).toBe(sent.composite_rationality_score);
    expect(explained.factors).toEqual(sent.factors);
  });

  it("keeps on a 'basic' sheet the scores, weights, risk level, price and catalysts, not the figures behind them", () => {
    const basic = factsAtLevel(facts, 'basic').map((fact) => fact.id);
    expect(basic).toContain('factor.momentum.score');
    expect(basic).toContain('factor.momentum.weight');
    expect(basic).toContain('risk.level');
    expect(basic.some((id) => id.includes('.input.'))).toBe(false);
    expect(basic.some((id) => /^(risk\.max|momentum\.|fundamentals\.|volume\.)/.test(id))).toBe(false);
  });
});
