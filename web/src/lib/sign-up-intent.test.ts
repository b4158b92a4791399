import { describe, expect, it } from 'vitest';
import { afterSignInPath, getStartedPath, wantsSignUp } from './sign-up-intent';

describe('the get-started intent', () => {
  it('points a paid plan at its checkout and Free at the dashboard, both asking for sign-up', () => {
    expect(getStartedPath('PREMIUM', 'annual')).toBe('/subscription?plan=PREMIUM&cycle=annual&signup=1');
    expect(getStartedPath('PRO', 'monthly')).toBe('/subscription?plan=PRO&cycle=monthly&signup=1');
    expect(getStartedPath('FREE', 'annual')).toBe('/dashboard?signup=1');
    expect(wantsSignUp('?plan=PRO&signup=1')).toBe(true);
    expect(wantsSignUp('?plan=PRO')).toBe(false);
  });

  it('after signing in, keeps the plan and drops the intent; without one, the dashboard', () => {
    expect(afterSignInPath({ pathname: '/subscription', search: '?plan=PRO&cycle=annual&signup=1' })).toBe(
      '/subscription?plan=PRO&cycle=annual',
    );
    expect(afterSignInPath({ pathname: '/dashboard', search: '?signup=1' })).toBe('/dashboard');
    expect(afterSignInPath({ pathname: '/portfolio', search: '' })).toBe('/dashboard');
  });
});
