import { describe, expect, it } from 'vitest';
import { contextualQuery } from './get-contextual-recommendations';

describe('contextual recommendations request', () => {
  it('asks 48 hours back for 5 results, from impact 50 in demo mode and 30 on real data', () => {
    expect(contextualQuery(true)).toEqual({
      hours_back: 48,
      min_impact_score: 50,
      limit: 5,
      demo_mode: 'true',
    });
    expect(contextualQuery(false)).toEqual({
      hours_back: 48,
      min_impact_score: 30,
      limit: 5,
      demo_mode: 'false',
    });
  });
});
