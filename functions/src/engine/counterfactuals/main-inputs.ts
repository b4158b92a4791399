import type { ComputeNuggetScoresInput } from '../analytics/nugget-scores';
import type { FactorName, InputUnit, NuggetScores } from '../types';

/*
 * The main input of each factor (engine/README.md "Counterfactuals"): the heaviest component of the
 * factor as the nugget scores build it (price-factors.ts, fundamental-factors.ts), and how a changed
 * value of it enters the grader's own input. A counterfactual never scores anything itself: it hands
 * the changed input to computeNuggetScores.
 */

export interface MainInput {
  factor: FactorName;
  /** The component's name (a `scoreInputs` term). */
  input: string;
  unit: InputUnit;
  /** Decimals a value is stated with: the message's number format (percent 1, ratio 2). */
  decimals: number;
  /** The grader's input with the main input set to `value`; null when the input cannot carry it. */
  apply(input: ComputeNuggetScoresInput, value: number): ComputeNuggetScoresInput | null;
}

function withLatest(
  input: ComputeNuggetScoresInput,
  change: Partial<NonNullable<ComputeNuggetScoresInput['fundamentals']>['latest']>,
): ComputeNuggetScoresInput | null {
  const fundamentals = input.fundamentals;
  if (!fundamentals) return null;
  return { ...input, fundamentals: { ...fundamentals, latest: { ...fundamentals.latest, ...change } } };
}

export const MAIN_INPUTS: readonly MainInput[] = [
  {
    factor: 'financial_health',
    input: 'profit_margin',
    unit: 'percent',
    decimals: 1,
    apply: (input, value) => withLatest(input, { profit_margin_pct: value }),
  },
  {
    factor: 'growth_quality',
    input: 'revenue_growth',
    unit: 'percent',
    decimals: 1,
    // Revenue growth is latest / previous - 1: the latest year's revenue carries the change.
    apply: (input, value) => {
      const previous = input.fundamentals?.previous?.total_revenue ?? null;
      if (previous === null || !(previous > 0)) return null;
      return withLatest(input, { total_revenue: previous * (1 + value / 100) });
    },
  },
  {
    factor: 'value',
    input: 'pe_ratio',
    unit: 'ratio',
    decimals: 2,
    // P/E is price / (report EPS / split factor): the EPS carries the change, the price stays.
    apply: (input, value) => {
      const split = input.fundamentals?.eps_split_factor ?? null;
      if (split === null || value === 0) return null;
      return withLatest(input, { earnings_per_share: (input.price / value) * split });
    },
  },
  {
    factor: 'momentum',
    input: 'momentum_3m',
    unit: 'percent',
    decimals: 1,
    // The 3-month change also sizes risk's speculative swing: the grader counts both, and so do we.
    apply: (input, value) => ({ ...input, riskMetrics: { ...input.riskMetrics, momentum_3m: value } }),
  },
  {
    factor: 'risk',
    input: 'volatility_1month',
    unit: 'percent',
    decimals: 1,
    apply: (input, value) => ({
      ...input,
      riskMetrics: { ...input.riskMetrics, volatility_1month: value },
    }),
  },
];

/** The main input's value as the grader scored it (the factor's component), null without one. */
export function mainInputValue(scores: NuggetScores, main: MainInput): number | null {
  const factor = scores.factors.find((candidate) => candidate.name === main.factor);
  const component = factor?.components.find((candidate) => candidate.name === main.input);
  return component && component.score !== null && component.value !== null ? component.value : null;
}
