import type { Grade } from '@app/shared/domain/enums';
import { scoreToGrade } from '@app/shared/domain/rules/grades';
import { message, type Message } from '@app/shared/messages/message';
import { orientFactorScore } from '../analytics/nugget-scores';
import { roundTo } from '../analytics/statistics';
import type { FactorName, NuggetScores } from '../types';

/*
 * Portfolio attribution (engine/README.md "Portfolio attribution"): the portfolio's score is the
 * value-weighted mean of its holdings' composites (portfolio-analysis.ts "Rationality score"), split
 * into each holding's contribution per factor, in points relative to a neutral 50:
 *
 *   c(i, f) = w_i x e(i, f) x (o(i, f) - 50 + r_i)
 *
 * w_i the holding's share of the scored value, e(i, f) the factor's effective weight (its weight over
 * the weights of the holding's factors with data), o(i, f) its oriented score (risk inverted) and r_i
 * the holding's rounding (its composite, kept to 0.1, minus sum e x o), shared by the factors in
 * proportion to their weight. So sum over f of c(i, f) = w_i x (composite_i - 50) exactly, and
 * 50 + every c is the portfolio's score.
 */

export interface AttributionHolding {
  symbol: string;
  /** How the sentence names it (the asset's name). */
  name: string;
  /** The holding's value at the market date (the one valuation); its weight is its share of the total. */
  value: number;
  /** The engine's scores of the symbol on the date; null when it cannot be graded. */
  scores: NuggetScores | null;
}

export interface FactorContribution {
  factor: FactorName;
  /** Composite points this holding's factor adds (+) or removes (-), to 4 decimals. */
  points: number;
}

export interface HoldingAttribution {
  symbol: string;
  /** Share of the scored value, in percent (2 decimals). */
  weight_percent: number;
  composite: number;
  grade: Grade;
  contributions: FactorContribution[];
  /** Sum of the contributions, to 4 decimals. */
  points: number;
  sentence: Message;
}

export interface PortfolioAttribution {
  /** The value-weighted composite, to 4 decimals; null when no holding is scored. */
  score: number | null;
  grade: Grade | null;
  holdings: HoldingAttribution[];
  /** Each factor's points over every holding (a bar of the picture). */
  factors: FactorContribution[];
  /** Held symbols with a value but no score: they carry no weight. */
  unscored: string[];
}

export const NEUTRAL_COMPOSITE = 50;
const FACTOR_ORDER: readonly FactorName[] = [
  'financial_health',
  'growth_quality',
  'value',
  'momentum',
  'risk',
];
const POINTS_DECIMALS = 4;
/** Under this many points a holding neither lifts nor pulls the score in a sentence (shown to 0.1). */
const NEUTRAL_POINTS = 0.05;

function contributionsOf(scores: NuggetScores, weight: number): FactorContribution[] {
  const withData = scores.factors.filter((factor) => factor.status !== 'no_data');
  const totalWeight = withData.reduce((sum, factor) => sum + factor.weight, 0);
  if (totalWeight === 0) return [];
  const effective = (factorWeight: number) => factorWeight / totalWeight;
  const unrounded = withData.reduce(
    (sum, factor) => sum + effective(factor.weight) * orientFactorScore(factor),
    0,
  );
  const rounding = scores.composite_rationality_score - unrounded;
  return FACTOR_ORDER.flatMap((name) => {
    const factor = withData.find((candidate) => candidate.name === name);
    if (!factor) return [];
    const points =
      weight * effective(factor.weight) * (orientFactorScore(factor) - NEUTRAL_COMPOSITE + rounding);
    return [{ factor: name, points }];
  });
}

function sentenceOf(
  name: string,
  scores: NuggetScores,
  weightPercent: number,
  top: FactorContribution | undefined,
): Message {
  if (!top || Math.abs(top.points) < NEUTRAL_POINTS) {
    return message('ATTRIBUTION_HOLDING_NEUTRAL', { holding: name, share: weightPercent });
  }
  const factor = scores.factors.find((candidate) => candidate.name === top.factor);
  const params = {
    holding: name,
    factor: top.factor,
    points: Math.abs(top.points),
    share: weightPercent,
    score: factor?.score ?? NEUTRAL_COMPOSITE,
  };
  return top.points > 0
    ? message('ATTRIBUTION_HOLDING_LIFTS', params)
    : message('ATTRIBUTION_HOLDING_PULLS', params);
}

export function attributePortfolio(holdings: readonly AttributionHolding[]): PortfolioAttribution {
  const scored = holdings.filter(
    (holding): holding is AttributionHolding & { scores: NuggetScores } =>
      holding.scores !== null && holding.value > 0,
  );
  const unscored = holdings.filter((holding) => holding.scores === null).map((holding) => holding.symbol);
  const total = scored.reduce((sum, holding) => sum + holding.value, 0);
  if (total <= 0) return { score: null, grade: null, holdings: [], factors: [], unscored };

  const exact = scored.map((holding) => {
    const weight = holding.value / total;
    return { holding, weight, contributions: contributionsOf(holding.scores, weight) };
  });
  const score = exact.reduce(
    (sum, row) => sum + row.weight * row.holding.scores.composite_rationality_score,
    0,
  );
  const rounded = (points: number) => roundTo(points, POINTS_DECIMALS);

  return {
    score: roundTo(score, POINTS_DECIMALS),
    grade: scoreToGrade(roundTo(score, 1)),
    holdings: exact.map(({ holding, weight, contributions }) => {
      const weightPercent = roundTo(weight * 100, 2);
      const top = contributions.reduce<FactorContribution | undefined>(
        (best, row) => (best === undefined || Math.abs(row.points) > Math.abs(best.points) ? row : best),
        undefined,
      );
      return {
        symbol: holding.symbol,
        weight_percent: weightPercent,
        composite: holding.scores.composite_rationality_score,
        grade: holding.scores.investment_grade,
        contributions: contributions.map((row) => ({ factor: row.factor, points: rounded(row.points) })),
        points: rounded(contributions.reduce((sum, row) => sum + row.points, 0)),
        sentence: sentenceOf(holding.name, holding.scores, weightPercent, top),
      };
    }),
    factors: FACTOR_ORDER.map((factor) => ({
      factor,
      points: rounded(
        exact.reduce(
          (sum, row) => sum + (row.contributions.find((entry) => entry.factor === factor)?.points ?? 0),
          0,
        ),
      ),
    })),
    unscored,
  };
}
