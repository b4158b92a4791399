import fc from 'fast-check';
import { GRADES } from '@app/shared/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { trimBarsToDate } from '../analytics/analyze-symbol';
import { computeNuggetScores, type ComputeNuggetScoresInput } from '../analytics/nugget-scores';
import { computeRiskMetrics } from '../analytics/risk-metrics';
import { selectFundamentalsAsOf } from '../point-in-time';
import { loadUsDailyBars, readUsDailyManifest } from '../../market-data/providers/replay/load-us-daily';
import {
  indexFundamentalsBySymbol,
  loadAnnualFundamentals,
} from '../../market-data/providers/replay/load-fundamentals';
import { computeCounterfactuals, realisticRanges, type FactorCounterfactual } from './counterfactuals';

/*
 * Property (issue 41, engine/README.md "Counterfactuals"): on the real replayed US market of one
 * date, every change a counterfactual states, applied to the symbol's own input and graded again by
 * the grader, gives the stated grade; the value one shown step nearer the current one does not. The
 * change is applied here from the engine's own definitions of each input (fundamental-factors.ts,
 * price-factors.ts), not through the module's.
 */

const DATE = '2017-03-01';
/** Every 4th series of the manifest: about 140 stocks and ETFs, all sectors, in a few seconds. */
const EVERY_NTH = 4;
/** About 2 s each on an idle core; CI's two loaded cores may take several times that. */
const LOADED_MACHINE_MS = 60_000;

function applyStated(
  input: ComputeNuggetScoresInput,
  counterfactual: FactorCounterfactual,
  value: number,
): ComputeNuggetScoresInput {
  const fundamentals = input.fundamentals;
  const latest = fundamentals?.latest;
  switch (counterfactual.input) {
    case 'volatility_1month':
      return { ...input, riskMetrics: { ...input.riskMetrics, volatility_1month: value } };
    case 'momentum_3m':
      return { ...input, riskMetrics: { ...input.riskMetrics, momentum_3m: value } };
    case 'profit_margin':
      return {
        ...input,
        fundamentals: { ...fundamentals!, latest: { ...latest!, profit_margin_pct: value } },
      };
    case 'revenue_growth': {
      const revenue = (fundamentals!.previous!.total_revenue as number) * (1 + value / 100);
      return { ...input, fundamentals: { ...fundamentals!, latest: { ...latest!, total_revenue: revenue } } };
    }
    case 'pe_ratio': {
      // P/E = price / (EPS / split factor): the EPS that gives the stated P/E at today's price.
      const eps = (input.price / value) * fundamentals!.eps_split_factor;
      return {
        ...input,
        fundamentals: { ...fundamentals!, latest: { ...latest!, earnings_per_share: eps } },
      };
    }
    default:
      throw new Error(`no main input ${counterfactual.input}`);
  }
}

describe('counterfactuals on the real replayed market of 2017-03-01', () => {
  let inputs: ComputeNuggetScoresInput[];
  let ranges: ReturnType<typeof realisticRanges>;

  beforeAll(() => {
    const reports = indexFundamentalsBySymbol(loadAnnualFundamentals());
    const entries = readUsDailyManifest().series.filter((_, index) => index % EVERY_NTH === 0);
    inputs = entries.flatMap((entry) => {
      const bars = trimBarsToDate(loadUsDailyBars(entry), DATE);
      const last = bars.at(-1);
      if (!last || bars.length < 64) return [];
      return [
        {
          riskMetrics: computeRiskMetrics(bars, 'stock'),
          fundamentals: selectFundamentalsAsOf(reports.get(entry.symbol), DATE),
          snapshot: null,
          price: last.close,
        },
      ];
    });
    ranges = realisticRanges(inputs.map((input) => computeNuggetScores(input)));
  }, LOADED_MACHINE_MS);

  it(
    'grades every stated change as stated, one step from the grade, within the realistic range',
    () => {
      expect(inputs.length).toBeGreaterThan(100);
      let checked = 0;
      fc.assert(
        fc.property(fc.nat({ max: 10_000 }), fc.nat({ max: 4 }), (pick, factorIndex) => {
          const input = inputs[pick % inputs.length] as ComputeNuggetScoresInput;
          const result = computeCounterfactuals(input, ranges);
          const counterfactual = result.factors[factorIndex] as FactorCounterfactual;
          const rank = GRADES.indexOf(result.grade);
          for (const [shift, step] of [
            [counterfactual.up, -1],
            [counterfactual.down, 1],
          ] as const) {
            if (counterfactual.current === null) expect(shift).toBeNull();
            if (shift === null) continue;
            expect(shift.grade).toBe(GRADES[rank + step]);
            if (shift.outcome !== 'reachable') continue;
            const range = counterfactual.range!;
            expect(shift.value).toBeGreaterThanOrEqual(range.low);
            expect(shift.value).toBeLessThanOrEqual(range.high);
            const regraded = computeNuggetScores(applyStated(input, counterfactual, shift.value));
            expect(regraded.investment_grade).toBe(shift.grade);
            checked += 1;
          }
        }),
        { numRuns: 60, seed: 41 },
      );
      expect(checked).toBeGreaterThan(20);
    },
    LOADED_MACHINE_MS,
  );
});
