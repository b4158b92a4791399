import type { Tier } from '@app/shared/domain/enums';
import type { BillingPeriod } from '@app/shared/domain/rules/pricing';

/**
 * Pricing's get-started buttons carry the visitor's intent through sign-up: the app opens the Sign Up
 * tab, and after signing up the visitor lands where the button pointed (a paid plan: the checkout of
 * that plan on the subscription screen; Free: the dashboard).
 */
export const SIGN_UP_PARAM = 'signup';

export function getStartedPath(tier: Tier, period: BillingPeriod): string {
  if (tier === 'FREE') return `/dashboard?${SIGN_UP_PARAM}=1`;
  return `/subscription?plan=${tier}&cycle=${period}&${SIGN_UP_PARAM}=1`;
}

export function wantsSignUp(search: string): boolean {
  return new URLSearchParams(search).has(SIGN_UP_PARAM);
}

/** Where a visitor goes after signing in or up: the get-started target without the intent, or the dashboard. */
export function afterSignInPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  if (!params.has(SIGN_UP_PARAM)) return '/dashboard';
  params.delete(SIGN_UP_PARAM);
  const rest = params.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}
