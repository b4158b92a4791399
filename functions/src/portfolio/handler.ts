import { routes } from '@app/shared/api/areas/portfolio';
import { getConfig, loadConfig } from '../config';
import type { AuthContext } from '../platform/auth-context';
import { message } from '@app/shared/messages/message';
import { UnauthorizedError } from '../platform/errors';
import { render, rendererFor } from '../platform/messages';
import { createAreaHandler } from '../platform/http-handler';
import { idempotencyKeyOf } from '../platform/idempotency';
import { logger } from '../platform/observability';
import {
  countActiveAlerts,
  dismissUserAlert,
  getNotificationPreferences,
  listUserAlerts,
  markAllUserAlertsRead,
  markUserAlertRead,
  restoreUserAlerts,
  saveNotificationPreferences,
} from '../user-alerts/user-alerts-service';
import {
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  updateAlertRule,
} from '../user-alerts/alert-rules-service';
import { getPortfolioAnalysis } from './portfolio-analysis-service';
import { getPortfolioAttribution } from './attribution-service';
import { getPortfolioFactSheet } from './portfolio-fact-sheet';
import { toAddHoldingRequest } from './holdings-service';
import { listPortfolio, searchAssets } from './portfolio-view';
import { createPortfolioDeps, type PortfolioDeps } from './portfolio-deps';
import { addHoldingAsBuy, editHoldingOnLedger, removeHoldingTransactions } from './holdings-on-ledger';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import { getPerformance, listBenchmarks } from './performance-service';
import { getDashboard } from './portfolio-dashboard-service';
import {
  exportRealisedGains,
  getDividendIncome,
  getPeriodReturns,
  getRealisedGains,
} from './ledger-reports-service';
import {
  addTransaction,
  deleteTransaction,
  editTransaction,
  listTransactions,
  saveLedgerSettings,
} from './transactions-service';
import { exportTransactions, importTransactions, previewTransactionsImport } from './ledger-import-service';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';
import { fetchInstrument, getInstrumentStatus, withUnindexedSymbol } from './instruments-service';

async function requestBackfillQuietly(symbol: string, deps: PortfolioDeps): Promise<void> {
  if (!deps.onDemand) return;
  try {
    if (!(await deps.onDemand.state(symbol))) await deps.onDemand.request(symbol);
  } catch (error: unknown) {
    // The holding is saved; the planner's next run starts tracking it anyway (the watched holdings).
    logger.warn('on-demand backfill not requested', { symbol, error: error as Error });
  }
}
import { saveImportMapping } from './import-mapping-service';
import { askPortfolioAnalyst, portfolioAnalystDeps } from './portfolio-analyst-service';
import {
  addWatchlistSymbol,
  createWatchlist,
  deleteWatchlist,
  listWatchlists,
  removeWatchlistSymbol,
  updateWatchlist,
} from './watchlists-service';

/** `user` routes are refused by the platform without a token; this guards a misconfigured route. */
function requireUserId(auth: AuthContext): string {
  if (auth.kind !== 'user') throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
  return auth.userId;
}

export const handler = createAreaHandler(
  'portfolio',
  routes,
  {
    search: async ({ query }, deps) =>
      withUnindexedSymbol(await searchAssets(query.q, query.limit, deps), query.q, deps),
    getInstrument: async ({ params, language }, deps) =>
      getInstrumentStatus(params.symbol, rendererFor(language), deps),
    fetchInstrument: async ({ params, language }, deps) =>
      fetchInstrument(params.symbol, rendererFor(language), deps),
    list: async ({ auth }, deps) => {
      if (auth.kind === 'user') return listPortfolio(auth.userId, false, deps);
      // Demo visitors see the seeded demo investor's portfolio, read-only (every write route needs a token).
      if (!deps.demoUserId) {
        logger.warn('DEMO_USER_ID is not set: the demo portfolio is empty');
        return listPortfolio('demo-user-not-configured', true, deps);
      }
      return listPortfolio(deps.demoUserId, true, deps);
    },
    add: async ({ auth, body, headers, language }, deps) => {
      const userId = requireUserId(auth);
      const key = idempotencyKeyOf(headers);
      const result = await deps.addOnce(
        { key, callerId: userId, payload: toAddHoldingRequest(body) },
        // The ledger is the only writer (holdings-on-ledger.ts); the holdings rows are derived from it.
        async (payload) => addHoldingAsBuy(userId, payload, deps),
      );
      const notice = render(result.body.message, language);
      // Live mode: a listed symbol the store does not hold yet is fetched now, not at the next plan.
      if (result.status === 201) await requestBackfillQuietly(body.symbol, deps);
      return { reply: { status: result.status, body: { ...result.body, message: notice } } };
    },
    edit: async ({ auth, params, body }, deps) =>
      editHoldingOnLedger(requireUserId(auth), params.holdingId, body, deps),
    remove: async ({ auth, params }, deps) =>
      removeHoldingTransactions(requireUserId(auth), params.holdingId, deps),
    analysis: async ({ auth }, deps) => getPortfolioAnalysis(requireUserId(auth), deps),
    attribution: async ({ auth, language }, deps) =>
      getPortfolioAttribution(requireUserId(auth), rendererFor(language), deps),
    factSheet: async ({ auth }, deps) => getPortfolioFactSheet(requireUserId(auth), deps),
    analyst: async ({ auth, body, language }, deps) =>
      askPortfolioAnalyst(body.question, requireUserId(auth), language, deps, portfolioAnalystDeps()),
    // The ledger's routes (transactions-service.ts, performance-service.ts, ledger-import-service.ts).
    listTransactions: async ({ auth }, deps) => listTransactions(requireUserId(auth), deps),
    addTransaction: async ({ auth, body, headers }, deps) => {
      const userId = requireUserId(auth);
      const row = await deps.addTransactionOnce(
        { key: idempotencyKeyOf(headers), callerId: userId, payload: body as JSONValue },
        async () => (await addTransaction(userId, body, deps)) as JSONValue,
      );
      return row as LedgerTransaction;
    },
    editTransaction: async ({ auth, params, body }, deps) =>
      editTransaction(requireUserId(auth), params.transactionId, body, deps),
    deleteTransaction: async ({ auth, params }, deps) =>
      deleteTransaction(requireUserId(auth), params.transactionId, deps),
    saveLedgerSettings: async ({ auth, body }, deps) => saveLedgerSettings(requireUserId(auth), body, deps),
    performance: async ({ auth, query }, deps) => getPerformance(requireUserId(auth), query.benchmark, deps),
    // The dashboard's first screen: the two answers above in one call (portfolio-dashboard-service.ts).
    dashboard: async ({ auth }, deps) => getDashboard(requireUserId(auth), deps),
    // The ledger's reports (ledger-reports-service.ts).
    periodReturns: async ({ auth, query }, deps) => getPeriodReturns(requireUserId(auth), query, deps),
    realisedGains: async ({ auth, query }, deps) => getRealisedGains(requireUserId(auth), query, deps),
    exportRealisedGains: async ({ auth, query, language }, deps) =>
      exportRealisedGains(requireUserId(auth), query, language, deps),
    dividendIncome: async ({ auth }, deps) => getDividendIncome(requireUserId(auth), deps),
    listBenchmarks: async ({ auth }, deps) => {
      requireUserId(auth);
      return listBenchmarks(deps);
    },
    previewImport: async ({ auth, body, language }, deps) =>
      previewTransactionsImport(requireUserId(auth), body, language, deps),
    saveImportMapping: async ({ auth, body }, deps) => saveImportMapping(requireUserId(auth), body, deps),
    importTransactions: async ({ auth, body, headers, language }, deps) => {
      const userId = requireUserId(auth);
      return deps.importOnce(
        { key: idempotencyKeyOf(headers), callerId: userId, payload: body as JSONValue },
        () => importTransactions(userId, body, language, deps),
      );
    },
    exportTransactions: async ({ auth, query }, deps) =>
      exportTransactions(requireUserId(auth), query.format, deps),
    // The alert routes' logic is the user alerts service's (user-alerts/user-alerts-service.ts).
    alerts: async ({ auth, language }, deps) => listUserAlerts(auth, language, deps),
    alertCount: async ({ auth }, deps) => countActiveAlerts(auth, deps),
    dismissAlert: async ({ auth, params }, deps) => dismissUserAlert(requireUserId(auth), params.id, deps),
    restoreAlerts: async ({ auth }, deps) => restoreUserAlerts(requireUserId(auth), deps),
    markAlertRead: async ({ auth, params }, deps) => markUserAlertRead(requireUserId(auth), params.id, deps),
    markAllAlertsRead: async ({ auth }, deps) => markAllUserAlertsRead(requireUserId(auth), deps),
    notificationPreferences: async ({ auth }, deps) => getNotificationPreferences(requireUserId(auth), deps),
    saveNotificationPreferences: async ({ auth, body }, deps) =>
      saveNotificationPreferences(requireUserId(auth), body, deps),
    // Custom alert rules (user-alerts/alert-rules-service.ts); the price poll evaluates them.
    alertRules: async ({ auth }, deps) => listAlertRules(requireUserId(auth), deps),
    createAlertRule: async ({ auth, body, headers }, deps) => {
      const userId = requireUserId(auth);
      return deps.createRuleOnce(
        { key: idempotencyKeyOf(headers), callerId: userId, payload: body },
        (payload) => createAlertRule(userId, payload, deps),
      );
    },
    updateAlertRule: async ({ auth, params, body }, deps) =>
      updateAlertRule(requireUserId(auth), params.ruleId, body, deps),
    deleteAlertRule: async ({ auth, params }, deps) =>
      deleteAlertRule(requireUserId(auth), params.ruleId, deps),
    // Watchlists (watchlists-service.ts); the price poll raises their grade-change alerts.
    listWatchlists: async ({ auth }, deps) => listWatchlists(requireUserId(auth), deps),
    createWatchlist: async ({ auth, body }, deps) => createWatchlist(requireUserId(auth), body, deps),
    updateWatchlist: async ({ auth, params, body }, deps) =>
      updateWatchlist(requireUserId(auth), params.listId, body, deps),
    deleteWatchlist: async ({ auth, params }, deps) =>
      deleteWatchlist(requireUserId(auth), params.listId, deps),
    addWatchlistSymbol: async ({ auth, params, body }, deps) =>
      addWatchlistSymbol(requireUserId(auth), params.listId, body.symbol, deps),
    removeWatchlistSymbol: async ({ auth, params }, deps) =>
      removeWatchlistSymbol(requireUserId(auth), params.listId, params.symbol, deps),
  },
  {
    createDeps: () => ({
      ...createPortfolioDeps(getConfig()),
      // The local stack sets DEMO_USER_ID after its seed, i.e. after the first getConfig(): read it fresh.
      demoUserId: loadConfig().DEMO_USER_ID ?? null,
    }),
    recordCost: saveCostRecordToUsageTable,
    readSessionState: readSessionStateFromUsersTable,
  },
);
