import { describe, expect, it } from 'vitest';
import { tierChangeConsequences } from './tier-change-consequences';

describe('tierChangeConsequences', () => {
  it('back on FREE from Platinum: every quota lowered, custom rules paused', () => {
    const consequences = tierChangeConsequences('PRO', 'FREE');

    // Catalogue: PRO unlimited (-1) but 200 analyst questions; FREE 5 holdings, 3 recommendations, 5 alerts, 3 questions a day.
    expect(consequences.loweredLimits).toEqual([
      { feature: 'portfolio_assets', from: -1, to: 5 },
      { feature: 'ai_recommendations', from: -1, to: 3 },
      { feature: 'market_alerts', from: -1, to: 5 },
      { feature: 'analyst_questions', from: 200, to: 3 },
    ]);
    expect(consequences.lostFeatures).toEqual([
      'advanced_analytics',
      'advanced_recommendations',
      'custom_alerts',
      'real_time_prices',
      'screener_filters',
    ]);
    expect(consequences.gainedFeatures).toEqual([]);
    expect(consequences.customAlertRules).toBe('paused');
  });

  it('back on FREE from Premium: limits 25/10/50 down to 5/3/5, no custom rules to pause', () => {
    const consequences = tierChangeConsequences('PREMIUM', 'FREE');

    expect(consequences.loweredLimits).toEqual([
      { feature: 'portfolio_assets', from: 25, to: 5 },
      { feature: 'ai_recommendations', from: 10, to: 3 },
      { feature: 'market_alerts', from: 50, to: 5 },
      { feature: 'analyst_questions', from: 30, to: 3 },
    ]);
    expect(consequences.customAlertRules).toBe('unchanged');
  });

  it('Platinum down to Premium pauses custom rules and caps the unlimited quotas', () => {
    const consequences = tierChangeConsequences('PRO', 'PREMIUM');

    expect(consequences.loweredLimits.map((limit) => [limit.feature, limit.to])).toEqual([
      ['portfolio_assets', 25],
      ['ai_recommendations', 10],
      ['market_alerts', 50],
      ['analyst_questions', 30],
    ]);
    expect(consequences.lostFeatures).toEqual(['custom_alerts']);
    expect(consequences.customAlertRules).toBe('paused');
  });

  it('an upgrade to Platinum lowers nothing and resumes paused rules', () => {
    const consequences = tierChangeConsequences('FREE', 'PRO');

    expect(consequences.loweredLimits).toEqual([]);
    expect(consequences.gainedFeatures).toContain('custom_alerts');
    expect(consequences.customAlertRules).toBe('resumed');
  });
});
