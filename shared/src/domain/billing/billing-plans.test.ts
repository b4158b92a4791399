import { describe, expect, it } from 'vitest';
import {
  annualPriceCents,
  classifyPlanChange,
  monthlyPriceCents,
  planPriceCents,
  type PaidPlan,
} from './billing-plans';

const plan = (tier: PaidPlan['tier'], cycle: PaidPlan['cycle']): PaidPlan => ({ tier, cycle });

describe('plan prices in cents', () => {
  it('bills the catalogue price monthly', () => {
    expect(monthlyPriceCents('PREMIUM')).toBe(7_900);
    expect(monthlyPriceCents('PRO')).toBe(19_900);
  });

  it('bills 12 x round(0.8 x monthly) annually: $756 and $1,908', () => {
    // Premium: 0.8 x 79 = 63.2 -> 63; 12 x 63 = 756. Platinum: 0.8 x 199 = 159.2 -> 159; 12 x 159 = 1,908.
    expect(annualPriceCents('PREMIUM')).toBe(75_600);
    expect(annualPriceCents('PRO')).toBe(190_800);
    expect(planPriceCents(plan('PRO', 'annual'))).toBe(190_800);
    expect(planPriceCents(plan('PREMIUM', 'monthly'))).toBe(7_900);
  });
});

describe('classifyPlanChange', () => {
  it.each([
    [plan('PREMIUM', 'monthly'), plan('PREMIUM', 'monthly'), 'same_plan'],
    [plan('PREMIUM', 'monthly'), plan('PRO', 'monthly'), 'immediate'],
    [plan('PREMIUM', 'monthly'), plan('PREMIUM', 'annual'), 'immediate'],
    [plan('PREMIUM', 'monthly'), plan('PRO', 'annual'), 'immediate'],
    [plan('PREMIUM', 'annual'), plan('PRO', 'annual'), 'immediate'],
    [plan('PRO', 'monthly'), plan('PRO', 'annual'), 'immediate'],
    [plan('PREMIUM', 'annual'), plan('PREMIUM', 'monthly'), 'at_period_end'],
    [plan('PRO', 'monthly'), plan('PREMIUM', 'monthly'), 'at_period_end'],
    [plan('PRO', 'annual'), plan('PREMIUM', 'annual'), 'at_period_end'],
    // A lower tier waits for the period end even when its charge is higher ($756 > $199).
    [plan('PRO', 'monthly'), plan('PREMIUM', 'annual'), 'at_period_end'],
    // A higher tier whose charge is lower ($199 < $756) could owe money back: refused.
    [plan('PREMIUM', 'annual'), plan('PRO', 'monthly'), 'lowers_charge'],
  ] as const)('%o -> %o is %s', (current, target, expected) => {
    expect(classifyPlanChange(current, target)).toBe(expected);
  });
});
