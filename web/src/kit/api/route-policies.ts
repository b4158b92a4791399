import { contract } from '@app/shared/api/contract';
import type { RouteDefinition } from '@app/shared/api/route';

/**
 * How the sites cache each route of the contract: written once per route, here, and applied by every
 * hook of both sites (./route-query, ./route-mutation). A route without an entry gets the defaults:
 * queries stay fresh 30 s and retry once (./server-state), mutations invalidate nothing. Mutation
 * retries are not chosen here: they follow the contract (./route-mutation).
 */
export interface QueryPolicy {
  /** How long an answer stays fresh, in ms. */
  staleTime?: number;
  /** `false`: a failure shows at once (the screen says what to do), instead of after a retry. */
  retry?: false;
}

/** A route, or a whole service area of the contract (every route in it). */
export type CacheTarget = RouteDefinition | Readonly<Record<string, RouteDefinition>>;

export interface MutationPolicy {
  /** The cached reads that are stale once the call succeeded; 'everything' for a change of plan. */
  invalidates?: readonly CacheTarget[] | 'everything';
  /** 'settled': also after a failure (the list may have changed under a failed call). */
  invalidateWhen?: 'success' | 'settled';
  /** The read whose cached answer the response replaces (the route answers the new state). */
  replaces?: RouteDefinition;
}

export type RoutePolicy = QueryPolicy & MutationPolicy;

const NO_RETRY = { retry: false } as const;
/**
 * Holdings and the slot counts move together (docs/product.md "Screens", portfolio): both reload after any
 * change.
 */
const HOLDINGS_CHANGE: MutationPolicy = { invalidates: [contract.portfolio, contract.subscription] };
const ALERTS_CHANGE: MutationPolicy = {
  invalidates: [contract.portfolio.alerts, contract.portfolio.alertCount],
  invalidateWhen: 'settled',
};
const RULES_CHANGE: MutationPolicy = { invalidates: [contract.portfolio.alertRules] };
const WATCHLISTS_CHANGE: MutationPolicy = { invalidates: [contract.portfolio.listWatchlists] };
/** A reviewed or moderated item changes the dashboard's counts (docs/product.md "Screens", admin site). */
const REVIEW_DONE: MutationPolicy = { invalidates: [contract.admin.dashboard] };

export const ROUTE_POLICIES: ReadonlyMap<RouteDefinition, RoutePolicy> = new Map<
  RouteDefinition,
  RoutePolicy
>([
  // docs/product.md "Screens", dashboard: it calls the API root once per load and logs its message.
  [contract.public.root, { staleTime: Infinity, ...NO_RETRY }],
  // The session check: a failure logs out (docs/product.md "Screens", session), a retry would only delay
  // that.
  [contract.auth.me, { staleTime: 60_000, ...NO_RETRY }],
  [contract.auth.updateMe, { replaces: contract.auth.me }],
  [contract.auth.confirmEmailChange, { replaces: contract.auth.me }],
  [contract.ai.health, { staleTime: 60_000 }],
  // A failure empties the lists and marks the AI offline at once (docs/product.md "Screens", dashboard).
  [contract.ai.recommendations, NO_RETRY],
  [contract.ai.enhancedPrices, NO_RETRY],
  [contract.ai.prices, NO_RETRY],
  [contract.ai.priceHistory, { staleTime: 5 * 60_000, ...NO_RETRY }],
  // docs/product.md "Errors and empty results": a failed check counts as not allowed, without waiting for a
  // retry.
  [contract.subscription.checkFeature, NO_RETRY],
  [contract.subscription.tiers, { staleTime: 10 * 60_000 }],
  // A billing write can change the plan, so every gate, limit and list reloads.
  [contract.subscription.savePaymentMethod, { invalidates: 'everything' }],
  [contract.subscription.choosePlan, { invalidates: 'everything' }],
  [contract.subscription.cancelPlan, { invalidates: 'everything' }],
  [contract.subscription.keepPlan, { invalidates: 'everything' }],
  [contract.subscription.confirmPayment, { invalidates: 'everything' }],
  [contract.subscription.retryPayment, { invalidates: 'everything' }],
  [contract.subscription.requestRefund, { invalidates: 'everything' }],
  // Opening a detail counts the daily quota: the usage reloads (recommendation-detail.tsx).
  [contract.ai.recommendationDetail, { staleTime: 5 * 60_000, ...NO_RETRY }],
  [contract.portfolio.list, NO_RETRY],
  [contract.portfolio.analysis, NO_RETRY],
  // docs/product.md "Screens", portfolio: a failed search shows no results; typing again searches again.
  [contract.portfolio.search, { staleTime: 60_000, ...NO_RETRY }],
  [contract.portfolio.add, HOLDINGS_CHANGE],
  [contract.portfolio.edit, HOLDINGS_CHANGE],
  [contract.portfolio.remove, HOLDINGS_CHANGE],
  // The ledger's writes change the derived holdings, the slots and the performance alike.
  [contract.portfolio.addTransaction, HOLDINGS_CHANGE],
  [contract.portfolio.editTransaction, HOLDINGS_CHANGE],
  [contract.portfolio.deleteTransaction, HOLDINGS_CHANGE],
  [contract.portfolio.saveLedgerSettings, HOLDINGS_CHANGE],
  [contract.portfolio.importTransactions, HOLDINGS_CHANGE],
  // A ledger with errors (a rate the history lacks) says so at once.
  [contract.portfolio.performance, NO_RETRY],
  // The indices the data holds change with the data, not with the user's writes.
  [contract.portfolio.listBenchmarks, { staleTime: 10 * 60_000 }],
  [contract.portfolio.dismissAlert, ALERTS_CHANGE],
  [contract.portfolio.createAlertRule, RULES_CHANGE],
  [contract.portfolio.updateAlertRule, RULES_CHANGE],
  [contract.portfolio.deleteAlertRule, RULES_CHANGE],
  [contract.portfolio.createWatchlist, WATCHLISTS_CHANGE],
  [contract.portfolio.updateWatchlist, WATCHLISTS_CHANGE],
  [contract.portfolio.deleteWatchlist, WATCHLISTS_CHANGE],
  [contract.portfolio.addWatchlistSymbol, WATCHLISTS_CHANGE],
  [contract.portfolio.removeWatchlistSymbol, WATCHLISTS_CHANGE],
  [contract.portfolio.restoreAlerts, ALERTS_CHANGE],
  // Reading an alert moves the unread count (the sidebar's badge and the bell).
  [contract.portfolio.markAlertRead, ALERTS_CHANGE],
  [contract.portfolio.markAllAlertsRead, ALERTS_CHANGE],
  // Muting a type hides its alerts from the list, the badge and the bell.
  [
    contract.portfolio.saveNotificationPreferences,
    {
      invalidates: [contract.portfolio.alerts, contract.portfolio.alertCount],
      replaces: contract.portfolio.notificationPreferences,
    },
  ],
  // docs/product.md "Errors and empty results": an admin read that fails shows its toast at once.
  [contract.admin.dashboard, NO_RETRY],
  [contract.admin.pendingRecommendations, NO_RETRY],
  [contract.admin.socialStudio, NO_RETRY],
  [contract.admin.priceMonitoring, { staleTime: 0, ...NO_RETRY }],
  [contract.admin.reviewRecommendation, REVIEW_DONE],
  [contract.admin.moderateContent, REVIEW_DONE],
  [contract.admin.inbox, NO_RETRY],
  [contract.admin.setInboxHandled, { invalidates: [contract.admin.inbox] }],
]);

export function policyOf(route: RouteDefinition): RoutePolicy {
  return ROUTE_POLICIES.get(route) ?? {};
}

function isRoute(target: CacheTarget): target is RouteDefinition {
  return typeof (target as RouteDefinition).id === 'string';
}

/** The route ids a policy's targets name (an area stands for all its routes). */
export function routeIdsOf(targets: readonly CacheTarget[]): Set<string> {
  return new Set(
    targets.flatMap((target) =>
      isRoute(target) ? [target.id] : Object.values(target).map((route) => route.id),
    ),
  );
}
