import { logger } from '../platform/observability';
import { evaluateRulesForSymbol } from '../user-alerts/alert-rules-evaluation';
import { raiseWatchlistGradeAlerts } from '../user-alerts/watchlist-alerts';
import type { SymbolPollStep } from './price-poll-context';

/*
 * The price poll's custom-rules step (run in SYMBOL_POLL_STEPS of price-poll-steps.ts, after the
 * market and holder alerts of price-poll-signals.ts).
 */

/** Custom alert rules on the symbol (PRO): one alert per rule and bar. A failure spares the poll. */
export const raiseRuleAlerts: SymbolPollStep = async (poll) => {
  const alertRules = poll.deps.alertRules;
  if (!alertRules) return;
  try {
    const raised = await evaluateRulesForSymbol(
      { symbol: poll.info.symbol, snapshot: { quote: poll.quote, analysis: poll.analysis } },
      alertRules,
    );
    poll.outcome.alertsWritten += raised.written;
  } catch (error: unknown) {
    logger.warn('price poll: custom alert rules failed', {
      symbol: poll.info.symbol,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

/** Watchlists' grade-change alerts on the symbol (user-alerts/watchlist-alerts.ts). A failure spares the poll. */
export const raiseWatchlistAlerts: SymbolPollStep = async (poll) => {
  const watchlistAlerts = poll.deps.watchlistAlerts;
  if (!watchlistAlerts) return;
  try {
    const raised = await raiseWatchlistGradeAlerts(
      {
        symbol: poll.info.symbol,
        grade: poll.analysis.nugget_scores.investment_grade,
        date: poll.quote.as_of,
      },
      watchlistAlerts,
    );
    poll.outcome.alertsWritten += raised.written;
  } catch (error: unknown) {
    logger.warn('price poll: watchlist alerts failed', {
      symbol: poll.info.symbol,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
