import type { Tier } from '../enums';
import { recommendationListCap } from '../rules/tier-order-and-caps';
import { isUnlimited } from '../rules/usage';
import { DELAYED_PRICE_MINUTES, TIER_CATALOGUE } from './tiers';

/**
 * What a plan gives, worded once for every place that sells it: the pricing page's cards, the upgrade
 * dialog and the subscription screen's plan cards. Each line is read from the tier catalogue (and the
 * recommendation list caps), so the copy cannot promise a limit the server does not enforce. The
 * texts are `common:perks.<key>` in en, fr and es, with `count` for the figures.
 *
 * Every perk here is delivered by something on the server, proven by a test: the perk table of
 * functions/src/subscription/README.md names both (a test checks its titles exist).
 */

export const PERK_IDS = [
  'grades_and_scores',
  'portfolio_assets',
  'recommendations_shown',
  'detailed_analyses',
  'analyst_questions',
  'market_alerts',
  'price_updates',
  'screener',
  'watchlists',
  'advanced_recommendations',
  'advanced_analytics',
  'custom_alerts',
  'priority_support',
] as const;
export type PerkId = (typeof PERK_IDS)[number];

type QuotaPerkKey =
  | 'portfolioAssets'
  | 'recommendationsShown'
  | 'detailedAnalyses'
  | 'analystQuestions'
  | 'marketAlerts'
  | 'customAlerts';

/** The keys under `common:perks` (typed, so the sites' `t` checks them). */
export type PerkKey =
  | 'gradesAndScores'
  | `${QuotaPerkKey}.${'limited' | 'unlimited'}`
  | 'priceUpdates.delayed'
  | 'priceUpdates.realTime'
  | 'screener.basic'
  | 'screener.allFilters'
  | 'watchlists.one'
  | 'watchlists.limited'
  | 'watchlists.unlimited'
  | 'advancedRecommendations'
  | 'advancedAnalytics'
  | 'prioritySupport';

export interface PerkLine {
  perk: PerkId;
  key: PerkKey;
  params: { count?: number; minutes?: number; symbols?: number };
}

function quotaLine(perk: PerkId, base: QuotaPerkKey, limit: number): PerkLine {
  return isUnlimited(limit)
    ? { perk, key: `${base}.unlimited`, params: {} }
    : { perk, key: `${base}.limited`, params: { count: limit } };
}

/** "1 watchlist of up to 20 symbols", "10 watchlists of up to 100 symbols each", "unlimited". */
function watchlistLine(lists: number, symbols: number): PerkLine {
  if (isUnlimited(lists)) return { perk: 'watchlists', key: 'watchlists.unlimited', params: {} };
  return lists === 1
    ? { perk: 'watchlists', key: 'watchlists.one', params: { symbols } }
    : { perk: 'watchlists', key: 'watchlists.limited', params: { count: lists, symbols } };
}

/** The lines of one tier's plan, in the order the cards list them. */
export function perkLinesOf(tier: Tier): PerkLine[] {
  const features = TIER_CATALOGUE[tier].features;
  const lines: PerkLine[] = [
    { perk: 'grades_and_scores', key: 'gradesAndScores', params: {} },
    quotaLine('portfolio_assets', 'portfolioAssets', features.portfolio_assets),
    quotaLine('recommendations_shown', 'recommendationsShown', recommendationListCap(tier)),
    quotaLine('detailed_analyses', 'detailedAnalyses', features.ai_recommendations),
    quotaLine('analyst_questions', 'analystQuestions', features.analyst_questions),
    quotaLine('market_alerts', 'marketAlerts', features.market_alerts),
    features.price_updates === 'real_time'
      ? { perk: 'price_updates', key: 'priceUpdates.realTime', params: {} }
      : { perk: 'price_updates', key: 'priceUpdates.delayed', params: { minutes: DELAYED_PRICE_MINUTES } },
    {
      perk: 'screener',
      key: features.screener_filters ? 'screener.allFilters' : 'screener.basic',
      params: {},
    },
    watchlistLine(features.watchlists, features.watchlist_symbols),
  ];
  if (features.advanced_recommendations) {
    lines.push({ perk: 'advanced_recommendations', key: 'advancedRecommendations', params: {} });
  }
  if (features.advanced_analytics) {
    lines.push({ perk: 'advanced_analytics', key: 'advancedAnalytics', params: {} });
  }
  if (features.custom_alerts) {
    lines.push(quotaLine('custom_alerts', 'customAlerts', features.custom_alert_rules));
  }
  if (features.priority_support) {
    lines.push({ perk: 'priority_support', key: 'prioritySupport', params: {} });
  }
  return lines;
}
