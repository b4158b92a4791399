import { message, type Message } from '@app/shared/messages/message';
import type { FactorName, FactorScore, KeyNugget, SubScore } from '../types';
import { roundTo } from './statistics';

/*
 * Key nuggets: one short sentence per factor that moved the composite most, naming the input that
 * drove that factor. Each is a message (shared/src/messages), worded in the reader's language when an
 * answer is built; the factor and input labels are the `terms` of the i18n resources. Contribution =
 * effective weight x (oriented score - 50), i.e. the composite points the factor added or removed
 * relative to a neutral 50.
 */

export const MAX_KEY_NUGGETS = 3;
/** Contributions smaller than this (in composite points) are not worth a sentence. */
const MIN_CONTRIBUTION = 0.5;

/** Inputs shown with a sign: a change, a growth, a trend. */
function isSignedInput(name: string): boolean {
  return name.startsWith('momentum') || name.endsWith('growth') || name.endsWith('trend');
}

/** The driving input and its value, as a message ("1-month change +8.0 %"). */
export function describeDriver(component: SubScore): Message {
  const input = component.name;
  const value = component.value;
  if (value === null) return message('DRIVER_MISSING', { input });
  if (!Number.isFinite(value)) return message('DRIVER_NEGATIVE_EQUITY', { input });
  if (input === 'market_cap') return message('DRIVER_BILLION_USD', { input, value: value / 1e9 });
  if (component.unit === 'percent') {
    return isSignedInput(input)
      ? message('DRIVER_SIGNED_PERCENT', { input, value })
      : message('DRIVER_PERCENT', { input, value });
  }
  return message('DRIVER_NUMBER', { input, value });
}

/**
 * The input that pushed the factor most in the direction of its contribution: for a factor that
 * supports the score, the component furthest above neutral (weighted); for one that weighs on it, the
 * one furthest below. Risk components score riskiness, so their direction is reversed. A component
 * pulling the other way is never named: "momentum supports the score (3-month change -2.5 %)" would
 * contradict itself when the week and the month carried the factor.
 */
export function findMainDriver(factor: FactorScore, positive: boolean): SubScore | undefined {
  const direction = (positive ? 1 : -1) * (factor.higher_is_better ? 1 : -1);
  let best: SubScore | undefined;
  let bestPush = 0;
  for (const component of factor.components) {
    if (component.score === null) continue;
    const push = component.weight * (component.score - 50) * direction;
    if (push > bestPush) {
      best = component;
      bestPush = push;
    }
  }
  return best;
}

function buildSentence(factor: FactorScore, positive: boolean, driver: SubScore | undefined): Message {
  if (factor.name === 'risk') {
    // For risk, a positive contribution means low risk.
    if (!driver) return positive ? message('NUGGET_LOW_RISK_SUPPORTS') : message('NUGGET_HIGH_RISK_WEIGHS');
    const because = { driver: describeDriver(driver) };
    return positive
      ? message('NUGGET_LOW_RISK_SUPPORTS_BECAUSE', because)
      : message('NUGGET_HIGH_RISK_WEIGHS_BECAUSE', because);
  }
  if (!driver) {
    return positive
      ? message('NUGGET_FACTOR_SUPPORTS', { factor: factor.name })
      : message('NUGGET_FACTOR_WEIGHS', { factor: factor.name });
  }
  const because = { factor: factor.name, driver: describeDriver(driver) };
  return positive
    ? message('NUGGET_FACTOR_SUPPORTS_BECAUSE', because)
    : message('NUGGET_FACTOR_WEIGHS_BECAUSE', because);
}

/**
 * One sentence for any factor with data, key nugget or not, so a card can explain every factor
 * (issue 28): the same wording as the key nuggets. Null for a factor without data or exactly at the
 * neutral 50, where there is no direction to state (the site says so in its own words).
 */
export function describeFactor(factor: FactorScore): Message | null {
  if (factor.status === 'no_data') return null;
  const oriented = factor.higher_is_better ? factor.score : 100 - factor.score;
  if (oriented === 50) return null;
  const positive = oriented > 50;
  return buildSentence(factor, positive, findMainDriver(factor, positive));
}

/** Ranked nuggets: largest contributions first, then a data note when fundamentals are missing. */
export function describeKeyNuggets(factors: readonly FactorScore[]): KeyNugget[] {
  const ranked = factors
    .filter((factor) => factor.status !== 'no_data')
    .map((factor) => {
      const oriented = factor.higher_is_better ? factor.score : 100 - factor.score;
      return { factor, contribution: factor.effective_weight * (oriented - 50) };
    })
    .filter((entry) => Math.abs(entry.contribution) >= MIN_CONTRIBUTION)
    .sort((left, right) => Math.abs(right.contribution) - Math.abs(left.contribution))
    .slice(0, MAX_KEY_NUGGETS);
  const nuggets: KeyNugget[] = ranked.map(({ factor, contribution }) => ({
    factor: factor.name,
    impact: contribution > 0 ? 'positive' : 'negative',
    contribution: roundTo(contribution, 1),
    message: buildSentence(factor, contribution > 0, findMainDriver(factor, contribution > 0)),
  }));
  const fundamentalFactors: FactorName[] = ['financial_health', 'growth_quality', 'value'];
  if (factors.every((factor) => !fundamentalFactors.includes(factor.name) || factor.status === 'no_data')) {
    nuggets.push({
      factor: 'data',
      impact: 'neutral',
      contribution: 0,
      message: message('NUGGET_NO_FUNDAMENTALS'),
    });
  }
  return nuggets;
}
