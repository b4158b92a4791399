import { impactLevel } from '@app/shared/domain/rules/catalyst-thresholds';
import { describe, expect, it } from 'vitest';
import {
  computeCatalystStrength,
  computeImpactScore,
  computeRecencyFactor,
  computeVolumeSurgeTerm,
  type ImpactInputs,
} from './impact-score';

const strongest: ImpactInputs = {
  catalystType: 'fda_approval',
  sentimentScore: 1,
  sourceKind: 'sec_filing',
  hoursAgo: 0,
  volumeRatio: 2.5,
  classificationScore: 10,
};

describe('impact score', () => {
  it('reaches 100 for the strongest inputs and stays within 0..100', () => {
    expect(computeImpactScore(strongest)).toBe(100);
    expect(computeImpactScore({ ...strongest, volumeRatio: 50 })).toBe(100);
    expect(computeCatalystStrength(strongest)).toBe(100);
  });

  it('is 0 only when nothing speaks for the catalyst, never below', () => {
    const weakest: ImpactInputs = {
      catalystType: 'general_news',
      sentimentScore: 0,
      sourceKind: 'rss_feed',
      hoursAgo: 10_000,
      volumeRatio: 0.5,
      classificationScore: 0,
    };
    // 100 x 0.5 x 0.45 x (0.6 + 0.4 x 0.7) x 0.5 = 9.9
    expect(computeImpactScore(weakest)).toBe(9.9);
    expect(computeCatalystStrength(weakest)).toBe(0);
  });

  it('decays to 0.75 after one half-life (48 h) and never below 0.5', () => {
    expect(computeRecencyFactor(0)).toBe(1);
    expect(computeRecencyFactor(48)).toBe(0.75);
    expect(computeRecencyFactor(1e6)).toBeCloseTo(0.5, 6);
  });

  it('renormalises without volume data instead of penalising close-only series', () => {
    expect(computeVolumeSurgeTerm(null)).toBeNull();
    expect(computeVolumeSurgeTerm(1)).toBe(0);
    expect(computeVolumeSurgeTerm(1.75)).toBe(0.5);
    expect(computeImpactScore({ ...strongest, volumeRatio: null })).toBe(100);
  });

  it('maps onto the documented impact levels at the strict boundaries', () => {
    // earnings, sentiment 0.5, project source, fresh, no volume data:
    // 100 x (0.45 + 0.15) / 0.8 x 0.92 = 69.0 -> MEDIUM
    const medium = computeImpactScore({
      catalystType: 'earnings',
      sentimentScore: 0.5,
      sourceKind: 'project_replay',
      hoursAgo: 0,
      volumeRatio: null,
      classificationScore: 5,
    });
    expect(medium).toBe(69);
    expect(impactLevel(medium)).toBe('MEDIUM');
    expect(impactLevel(80)).toBe('MEDIUM');
    expect(impactLevel(80.1)).toBe('HIGH');
    expect(impactLevel(60)).toBe('LOW');
  });
});
