import { describe, expect, it } from 'vitest';
import { figureLink } from './figure-links';

/*
 * Every prefix the fact sheets write (functions/src/engine/fact-sheet.ts, the analyst's
 * counterfactual facts, functions/src/portfolio/portfolio-fact-sheet.ts) and the screen that shows
 * it, written by hand from the screens: the screener's explained score (/screener?explain=<symbol>)
 * holds "why this grade" and the counterfactuals; /portfolio the allocation card, the holdings and
 * the attribution; /portfolio/transactions the returns per period.
 */
const WHY_GRADE = '/screener?explain=AAPL#explained-why-grade';

const LINKED: readonly (readonly [string, string])[] = [
  ['score.grade', WHY_GRADE],
  ['score.composite', WHY_GRADE],
  ['score.risk_reward_ratio', WHY_GRADE],
  ['factor.value.score', WHY_GRADE],
  ['factor.momentum.input.momentum_1m', WHY_GRADE],
  ['risk.level', WHY_GRADE],
  ['risk.max_drawdown_1y', WHY_GRADE],
  ['momentum.3m.change', WHY_GRADE],
  ['momentum.1w.from', WHY_GRADE],
  ['counterfactual.value.up.grade', '/screener?explain=AAPL#explained-counterfactuals'],
  ['portfolio.total_value', '/portfolio#portfolio-allocation'],
  ['portfolio.asset_count', '/portfolio#portfolio-allocation'],
  ['portfolio.composite', '/portfolio#portfolio-attribution'],
  ['allocation.stock.percent', '/portfolio#portfolio-allocation'],
  ['concentration.largest_position_symbol', '/portfolio'],
  ['concentration.herfindahl_index', '/portfolio'],
  ['position.AAPL.weight', '/portfolio#portfolio-holdings'],
  ['position.BRK_B.gain_percent', '/portfolio#portfolio-holdings'],
  ['returns.ytd.time_weighted', '/portfolio/transactions#ledger-period-returns-title'],
];

const UNLINKED = [
  'volume.ratio_20d',
  'volume.obv_trend',
  'price.close',
  'fundamentals.latest.total_revenue',
  'fundamentals.previous.net_income',
  'fundamentals.eps_split_factor',
  'catalyst.20170103_ab12cd34.impact_score',
  'unknown.figure',
  'constructor',
  '',
];

describe('figureLink', () => {
  it.each(LINKED)('links %s to %s', (id, expected) => {
    expect(figureLink(id, 'AAPL')).toBe(expected);
  });

  it.each(UNLINKED)('gives %j no link: no screen shows it', (id) => {
    expect(figureLink(id, 'AAPL')).toBeNull();
  });

  it("gives an asset's figure no link without the asset, and a portfolio figure its link either way", () => {
    expect(figureLink('score.composite')).toBeNull();
    expect(figureLink('position.AAPL.value')).toBe('/portfolio#portfolio-holdings');
  });

  it('writes the symbol as a query value', () => {
    expect(figureLink('score.grade', 'BRK.B&x')).toBe('/screener?explain=BRK.B%26x#explained-why-grade');
  });
});
