import { uniqueEmail, STRONG_PASSWORD } from '../src/api';
import { testCard } from '../src/billing';
import { unsubscribeTokenFor } from '../src/unsubscribe-token';
import type { CallerName, Investor, RouteCall } from './fixtures';

/**
 * THE authorisation matrix: for every contract route id and every caller, the status the API must
 * answer. The suite fails for a contract route missing here (and for an entry no route has), so a
 * route added to the contract cannot ship without someone deciding who may call it.
 *
 * Callers:
 * - anonymous: no token; ids in paths are the FREE investor's (someone else's data);
 * - demo: no token, the public demo (`demo_user` in `{user}` paths): the demo visitor of the sites;
 * - free / premium / pro: investors on each tier (PREMIUM and PRO bought through the API), acting on
 *   their own ids;
 * - second: another FREE investor aiming at the FREE investor's ids (holding ids, alert ids, user id);
 * - admin: an admin of its own (Cognito ADMIN group, also a PRO investor), on its own ids.
 *
 * Design rules the table encodes: someone else's holding or alert id is a 404 (never 403: no
 * confirmation that it exists); someone else's `{user}` list is a 403; a user route without a token
 * is a 401 before any handler runs; an admin route is a 403 for every non-admin.
 */

export type ExpectedStatus = number | readonly number[];

export interface MatrixContext {
  caller: CallerName;
  token?: string;
  /** The caller's own account (signed-in callers). */
  self?: Investor;
  /** Whose ids go in paths: the caller's own, or the FREE investor's for anonymous and second. */
  target: Investor;
  /** A well-formed id nobody owns. */
  unknownId: string;
  /** The FREE investor's credentials (a login anyone may try). */
  loginAs: Investor;
}

export interface MatrixEntry {
  expect: Readonly<Record<CallerName, ExpectedStatus>>;
  /** A well-formed request for this caller (so only authorisation decides the answer). */
  request: (context: MatrixContext) => RouteCall;
  /** Runs after every other route (it changes the caller's plan). */
  last?: boolean;
  /**
   * The route ends the caller's sessions or account: every suite calls it signed in as a fresh
   * throwaway investor of its own (`throwawayInvestor()`), never a seeded or shared account.
   */
  throwaway?: boolean;
}

/** The routes no suite may call as a seeded or shared account (they end its sessions or erase it). */
export const isThrowawayRoute = (routeId: string): boolean =>
  AUTHORISATION_MATRIX[routeId]?.throwaway === true;

const every = (status: ExpectedStatus): Record<CallerName, ExpectedStatus> => ({
  anonymous: status,
  demo: status,
  free: status,
  premium: status,
  pro: status,
  second: status,
  admin: status,
});

/** A `user` route: 401 without a token; `signedIn` for every investor unless overridden. */
const userRoute = (
  signedIn: ExpectedStatus,
  overrides: Partial<Record<CallerName, ExpectedStatus>> = {},
): Record<CallerName, ExpectedStatus> => ({
  ...every(signedIn),
  anonymous: 401,
  demo: 401,
  ...overrides,
});

/** An `admin` route: 401 without a token, 403 for every investor, `forAdmin` for the admin. */
const adminRoute = (forAdmin: ExpectedStatus): Record<CallerName, ExpectedStatus> => ({
  anonymous: 401,
  demo: 401,
  free: 403,
  premium: 403,
  pro: 403,
  second: 403,
  admin: forAdmin,
});

const none = (): RouteCall => ({});
/** A buy of the symbol every investor's first holding is (fixtures.ts ADDABLE_ASSETS), on a replayed day. */
const LEDGER_BUY = { type: 'BUY', symbol: 'AAPL', price: 100, currency: 'USD', date: '2016-12-01' };
/** Our own JSON export of an empty ledger: a valid file that imports nothing. */
const EMPTY_LEDGER_EXPORT = JSON.stringify({ format: 'nugget-invest-ledger', version: 1, transactions: [] });
const symbol = (): RouteCall => ({ params: { symbol: 'AAPL' } });
/** `demo_user` for the demo visitor, otherwise the target's id. */
const listOwner = (context: MatrixContext): RouteCall => ({
  params: { user: context.caller === 'demo' ? 'demo_user' : context.target.userId },
});

export const AUTHORISATION_MATRIX: Readonly<Record<string, MatrixEntry>> = {
  'public.getRoot': { expect: every(200), request: none },
  'public.getHealth': { expect: every(200), request: none },
  // Anyone may write; a signed-in sender's id and plan are kept (the Inbox's priority).
  'public.sendContactMessage': {
    expect: every(201),
    request: ({ caller }) => ({
      body: { name: 'Matrix', email: 'matrix@example.test', subject: `Matrix ${caller}`, message: 'Hello' },
    }),
  },

  // The signed token is the authority (who and which mail), not a session: anyone holding the mail may.
  'public.unsubscribe': {
    expect: every(200),
    request: ({ target }) => ({ body: { token: unsubscribeTokenFor(target.userId) } }),
  },
  // RFC 8058: a mail client's POST, the token in the query and the fixed form body it always sends.
  'public.unsubscribeOneClick': {
    expect: every(200),
    request: ({ target }) => ({
      query: { token: unsubscribeTokenFor(target.userId) },
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    }),
  },

  // The same answer for any address (no enumeration): a code or a notice is mailed.
  'auth.register': {
    expect: every(202),
    request: () => ({
      body: { email: uniqueEmail('matrix'), password: STRONG_PASSWORD, first_name: 'Matrix' },
    }),
  },
  // A code nobody was sent is the code's 400, for every caller.
  'auth.confirmRegistration': {
    expect: every(400),
    request: () => ({
      body: { email: uniqueEmail('matrix'), code: '000000', password: STRONG_PASSWORD },
    }),
  },
  'auth.login': {
    expect: every(200),
    request: ({ loginAs }) => ({ body: { email: loginAs.email, password: loginAs.password } }),
  },
  'auth.getMe': { expect: userRoute(200), request: none },
  'auth.updateMe': { expect: userRoute(200), request: () => ({ body: { theme: 'dark', language: 'en' } }) },
  'auth.getHealth': { expect: every(200), request: none },
  // The same answer for any address (no enumeration); a code nobody was sent is the code's 400.
  'auth.requestPasswordReset': {
    expect: every(200),
    request: () => ({ body: { email: uniqueEmail('reset') } }),
  },
  'auth.confirmPasswordReset': {
    expect: every(400),
    request: ({ loginAs }) => ({
      body: { email: loginAs.email, code: '000000', new_password: STRONG_PASSWORD },
    }),
  },
  // With the caller's password (docs/accounts.md "E-mail change"): the same 202 for any address.
  'auth.requestEmailChange': {
    expect: userRoute(202),
    request: ({ self }) => ({
      body: { new_email: uniqueEmail('moved'), current_password: self?.password ?? STRONG_PASSWORD },
    }),
  },
  'auth.confirmEmailChange': { expect: userRoute(400), request: () => ({ body: { code: '000000' } }) },
  // Anyone holding the old address's mail may call it; a token nobody signed is a 400 naming it.
  'auth.undoEmailChange': {
    expect: every(400),
    request: () => ({ body: { token: 'aaaaaaaaaaaa.bbbbbbbbbbbb.cccccccccccc' } }),
  },
  // A wrong password: a 400 naming body.current_password, nothing changes (docs/accounts.md).
  'auth.turnOffTwoFactor': {
    expect: userRoute(400),
    request: () => ({ body: { current_password: 'Not-The-Password-1' } }),
  },
  // The same password again: the identity service changes it, which ends every session of the caller
  // (docs/accounts.md "Sign out of every session"), so a throwaway investor calls it.
  'auth.changePassword': {
    expect: userRoute(200),
    request: ({ self }) => ({
      body: {
        current_password: self?.password ?? STRONG_PASSWORD,
        new_password: self?.password ?? STRONG_PASSWORD,
      },
    }),
    throwaway: true,
  },
  'auth.signOutEverywhere': { expect: userRoute(200), request: none, throwaway: true },
  'auth.exportData': { expect: userRoute(200), request: none },
  'auth.deleteAccount': {
    expect: userRoute(200),
    request: ({ self }) => ({ body: { password: self?.password ?? STRONG_PASSWORD } }),
    throwaway: true,
  },

  'ai.getHealth': { expect: every(200), request: none },
  'ai.getMarketClock': { expect: every(200), request: none },
  'ai.getGradeChain': { expect: every(200), request: none },
  'ai.analyzeStock': { expect: every(200), request: () => ({ body: { symbol: 'AAPL' } }) },
  'ai.analyzeBatch': { expect: every(200), request: () => ({ body: { symbols: ['AAPL', 'BTC-USD'] } }) },
  'ai.getRationalityScore': { expect: every(200), request: symbol },
  // advanced_analytics (PREMIUM and up): FREE investors get the 403 with the upgrade message; the
  // demo is Premium.
  'ai.analyzePortfolio': {
    expect: { ...every(200), free: 403, second: 403 },
    request: () => ({ body: { holdings: [{ symbol: 'AAPL', shares: 3, purchase_price: 150 }] } }),
  },
  'ai.getRecommendations': {
    expect: { ...every(200), anonymous: 401, second: 403 },
    request: (context) => ({ ...listOwner(context), query: { limit: '5' } }),
  },
  // One card's detail: a symbol of the caller's list (404 when the replay date's list lacks it).
  'ai.getRecommendationDetail': {
    expect: { ...every([200, 404]), anonymous: 401, second: 403 },
    request: (context) => ({ params: { ...listOwner(context).params, symbol: 'AAPL' } }),
  },
  'ai.getPortfolioHistory': {
    expect: { ...every(200), anonymous: 401, second: 403 },
    request: (context) => ({ ...listOwner(context), query: { limit: '5' } }),
  },
  'ai.getAlerts': { expect: every(200), request: () => ({ query: { limit: '5' } }) },
  'ai.getNuggetAnalysis': { expect: every(200), request: symbol },
  'ai.getFactSheet': { expect: every(200), request: symbol },
  'ai.getNuggetBatch': { expect: every(200), request: () => ({ body: { symbols: ['AAPL'] } }) },
  'ai.getEnhancedPrices': { expect: every(200), request: none },
  'ai.getPrices': { expect: every(200), request: none },
  'ai.getPriceHistory': {
    expect: every(200),
    request: () => ({ params: { symbol: 'AAPL' }, query: { days: '30' } }),
  },
  'ai.getScoreHistory': {
    expect: every(200),
    request: () => ({ params: { symbol: 'AAPL' }, query: { from: '2016-06-01', to: '2017-01-01' } }),
  },
  'ai.getContextualRecommendations': { expect: every(200), request: none },
  'ai.getCounterfactuals': { expect: every(200), request: symbol },
  // Each question counts the caller's analyst_questions quota (FREE 3 a day): every caller asks once.
  'ai.askAnalyst': {
    expect: userRoute(200),
    request: () => ({ body: { question: 'Why this grade?', symbol: 'AAPL' } }),
  },
  'ai.getMarketCatalysts': { expect: every(200), request: none },
  'ai.getLiveMarketAlerts': { expect: every(200), request: none },
  // screener_filters (PREMIUM and up): a sector filter is a 403 with the upgrade message for FREE
  // investors; the demo is Premium.
  'ai.screenUniverse': {
    expect: { ...every(200), free: 403, second: 403 },
    request: () => ({ query: { sector: 'Finance', sort: 'value', page_size: '5' } }),
  },

  'subscription.getTiers': { expect: every(200), request: none },
  'subscription.getMySubscription': { expect: every(200), request: none },
  'subscription.checkFeature': {
    expect: every(200),
    request: () => ({ params: { feature: 'advanced_analytics' } }),
  },
  'subscription.useFeature': {
    expect: userRoute(200),
    request: () => ({ params: { feature: 'ai_recommendations' } }),
  },
  'subscription.getUsageStats': { expect: every(200), request: none },
  'subscription.getInvoices': { expect: userRoute(200), request: none },
  'subscription.getBilling': { expect: userRoute(200), request: none },
  // Platinum annual is a subscription from Free and an upgrade from every monthly plan.
  // A quote needs the card the charge would use: FREE investors have none yet (the card route runs
  // after this one).
  'subscription.quotePlan': {
    expect: userRoute(200, { free: 400, second: 400 }),
    request: () => ({ query: { tier: 'PRO', cycle: 'annual' } }),
  },
  'subscription.savePaymentMethod': {
    expect: userRoute(200),
    request: () => ({ body: { card: testCard() } }),
  },
  // The billing writes change the caller's plan: they run last, in the contract's order. Every
  // investor has a card by then (the route above): Platinum annual is bought or upgraded to, then
  // cancelled, kept, and refunded (every account returns to Free). Nothing awaits a bank's
  // challenge and nothing is past due: 409 for every signed-in caller.
  'subscription.choosePlan': {
    expect: userRoute(200),
    request: () => ({ body: { tier: 'PRO', cycle: 'annual' } }),
    last: true,
  },
  'subscription.cancelPlan': { expect: userRoute(200), request: none, last: true },
  'subscription.keepPlan': { expect: userRoute(200), request: none, last: true },
  'subscription.confirmPayment': {
    expect: userRoute(409),
    request: () => ({ body: { outcome: 'approve' } }),
    last: true,
  },
  'subscription.retryPayment': { expect: userRoute(409), request: none, last: true },
  'subscription.requestRefund': { expect: userRoute(200), request: none, last: true },
  // Payments run on the sandbox here: no Stripe customer, so no portal for anyone signed in.
  'subscription.billingPortal': { expect: userRoute(409), request: none },
  // Stripe's webhook is public; its signature is the authority. The stack has no webhook secret (the
  // sandbox gateway), so no event verifies, whoever sends it: 400 for every caller, nothing changes.
  'subscription.stripeWebhook': {
    expect: every(400),
    request: () => ({
      rawBody: JSON.stringify({ id: 'evt_matrix', object: 'event', type: 'payment_intent.succeeded' }),
      contentType: 'application/json',
    }),
  },

  'portfolio.searchAssets': { expect: every(200), request: () => ({ query: { q: 'apple' } }) },
  'portfolio.listHoldings': { expect: every(200), request: none },
  // Replay mode: a replayed symbol is ready for everyone; asking to fetch it enqueues nothing.
  'portfolio.getInstrument': { expect: every(200), request: () => ({ params: { symbol: 'AAPL' } }) },
  'portfolio.fetchInstrument': { expect: userRoute(200), request: () => ({ params: { symbol: 'AAPL' } }) },
  'portfolio.addHolding': {
    expect: userRoute(201),
    request: () => ({ body: { symbol: 'BTC-USD', shares: 0.5, asset_type: 'crypto' } }),
  },
  'portfolio.editHolding': {
    expect: userRoute(200, { second: 404 }),
    request: ({ target }) => ({ params: { holdingId: target.holdingIds[0] as string }, body: { shares: 7 } }),
  },
  'portfolio.removeHolding': {
    expect: userRoute(200, { second: 404 }),
    request: ({ target }) => ({ params: { holdingId: target.holdingIds[1] as string } }),
  },
  // advanced_analytics is a PREMIUM feature: FREE investors get the 403 with the upgrade message.
  // Custom alert rules are Platinum's (custom_alerts); a rule id nobody owns is a 404 (the plan may be
  // checked first: 403); deleting is allowed on any plan.
  'portfolio.listAlertRules': { expect: userRoute(200), request: none },
  'portfolio.createAlertRule': {
    expect: userRoute(201, { free: 403, premium: 403, second: 403 }),
    request: () => ({ body: { kind: 'price_above', symbol: 'AAPL', level: 500 } }),
  },
  'portfolio.updateAlertRule': {
    expect: userRoute(404, { free: [403, 404], premium: [403, 404], second: [403, 404] }),
    request: ({ unknownId }) => ({
      params: { ruleId: unknownId },
      body: { kind: 'price_below', symbol: 'AAPL', level: 100 },
    }),
  },
  'portfolio.deleteAlertRule': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { ruleId: unknownId } }),
  },
  // Watchlists: one's own only. FREE keeps 1 list and PREMIUM 10, which other suites may have used up
  // on the shared investors (403 naming the plan); a list id nobody owns is a 404 for everyone.
  'portfolio.listWatchlists': { expect: userRoute(200), request: none },
  'portfolio.createWatchlist': {
    expect: userRoute(201, { free: [201, 403], second: [201, 403], premium: [201, 403] }),
    request: () => ({ body: { name: 'Matrix' } }),
  },
  'portfolio.updateWatchlist': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { listId: unknownId }, body: { name: 'Renamed' } }),
  },
  'portfolio.deleteWatchlist': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { listId: unknownId } }),
  },
  'portfolio.addWatchlistSymbol': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { listId: unknownId }, body: { symbol: 'AAPL' } }),
  },
  'portfolio.removeWatchlistSymbol': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { listId: unknownId, symbol: 'AAPL' } }),
  },
  'portfolio.getAnalysis': { expect: userRoute(200, { free: 403, second: 403 }), request: none },
  'portfolio.getAttribution': { expect: userRoute(200), request: none },
  'portfolio.getFactSheet': { expect: userRoute(200), request: none },
  'portfolio.askAnalyst': {
    expect: userRoute(200),
    request: () => ({ body: { question: 'What is my riskiest holding?' } }),
  },
  'portfolio.listAlerts': { expect: every(200), request: none },
  'portfolio.countActiveAlerts': { expect: every(200), request: none },
  // The caller's own alert when they have one (else an unknown id: 404); someone else's is a 404.
  'portfolio.dismissAlert': {
    expect: userRoute([200, 404], { second: 404 }),
    request: ({ target, unknownId }) => ({ params: { id: target.alertIds[0] ?? unknownId } }),
  },
  'portfolio.restoreAlerts': { expect: userRoute(200), request: none },
  // Reading is the dismiss rule again: one's own alert (or a 404 without one); someone else's is a 404.
  'portfolio.markAlertRead': {
    expect: userRoute([200, 404], { second: 404 }),
    request: ({ target, unknownId }) => ({ params: { id: target.alertIds[0] ?? unknownId } }),
  },
  'portfolio.markAllAlertsRead': { expect: userRoute(200), request: none },
  'portfolio.getNotificationPreferences': { expect: userRoute(200), request: none },
  'portfolio.saveNotificationPreferences': {
    expect: userRoute(200),
    request: () => ({
      body: {
        in_app: {
          price_movement: true,
          price_alert: true,
          earnings: true,
          sector_rotation: true,
          ai_insight: true,
          market_news: true,
        },
      },
    }),
  },

  // The ledger. A holding from before the ledger becomes the opening BUY with the holding's id, so
  // the target's first holding id is also one of its transactions (someone else's: 404).
  'portfolio.listTransactions': { expect: userRoute(200), request: none },
  'portfolio.addTransaction': {
    expect: userRoute(201),
    request: () => ({ body: { ...LEDGER_BUY, quantity: 1 } }),
  },
  // The seeded admin is shared by every suite of a run: when it had a ledger before its holdings were
  // added, its holdings are derived positions whose ids are not row ids (404).
  'portfolio.editTransaction': {
    expect: userRoute(200, { second: 404, admin: [200, 404] }),
    request: ({ target }) => ({
      params: { transactionId: target.transactionIds[0] as string },
      body: { ...LEDGER_BUY, quantity: 3 },
    }),
  },
  'portfolio.deleteTransaction': {
    expect: userRoute(404),
    request: ({ unknownId }) => ({ params: { transactionId: unknownId } }),
  },
  'portfolio.saveLedgerSettings': {
    expect: userRoute(200),
    request: () => ({ body: { base_currency: 'USD', cost_method: 'FIFO' } }),
  },
  'portfolio.getPerformance': { expect: userRoute(200), request: none },
  'portfolio.getDashboard': { expect: userRoute(200), request: none },
  'portfolio.listBenchmarks': { expect: userRoute(200), request: none },
  'portfolio.previewImport': {
    expect: userRoute(200),
    request: () => ({ body: { format: 'ledger-json', content: EMPTY_LEDGER_EXPORT } }),
  },
  'portfolio.saveImportMapping': {
    expect: userRoute(200),
    request: () => ({
      body: { headers: ['Action', 'Date'], mapping: { columns: { type: 'Action', date: 'Date' } } },
    }),
  },
  'portfolio.importTransactions': {
    expect: userRoute(200),
    request: () => ({ body: { format: 'ledger-json', content: EMPTY_LEDGER_EXPORT } }),
  },
  'portfolio.exportTransactions': { expect: userRoute(200), request: () => ({ query: { format: 'csv' } }) },
  'portfolio.getPeriodReturns': { expect: userRoute(200), request: () => ({ query: { period: 'YTD' } }) },
  'portfolio.getRealisedGains': { expect: userRoute(200), request: () => ({ query: { method: 'FIFO' } }) },
  'portfolio.exportRealisedGains': { expect: userRoute(200), request: none },
  'portfolio.getDividendIncome': { expect: userRoute(200), request: none },

  'admin.getDashboard': { expect: adminRoute(200), request: none },
  'admin.listPendingRecommendations': { expect: adminRoute(200), request: () => ({ query: { limit: '5' } }) },
  // An unknown id: the admin reaches the handler (404) without deciding anyone's queue item.
  'admin.reviewRecommendation': {
    expect: adminRoute(404),
    request: ({ unknownId }) => ({
      params: { id: unknownId },
      body: { status: 'APPROVED', quality_score: 7 },
    }),
  },
  'admin.listContentForReview': { expect: adminRoute(200), request: () => ({ query: { limit: '5' } }) },
  'admin.listInbox': { expect: adminRoute(200), request: () => ({ query: { limit: '5' } }) },
  // An unknown id: the admin reaches the handler (404) without marking anyone's message.
  'admin.setInboxHandled': {
    expect: adminRoute(404),
    request: ({ unknownId }) => ({ params: { id: unknownId }, body: { handled: true } }),
  },
  'admin.moderateContent': {
    expect: adminRoute(404),
    request: ({ unknownId }) => ({ params: { id: unknownId }, body: { status: 'APPROVED' } }),
  },
  'admin.getPriceMonitoring': { expect: adminRoute(200), request: none },
  'admin.getHealth': { expect: adminRoute(200), request: none },
  'admin.getCosts': { expect: adminRoute(200), request: none },
};

export function expectedStatuses(expected: ExpectedStatus): readonly number[] {
  return typeof expected === 'number' ? [expected] : expected;
}
