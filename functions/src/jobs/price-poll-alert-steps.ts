import { detectedAlertFields, detectMarketAlerts } from '../engine/market-alerts';
import { logger } from '../platform/observability';
import { evaluateRulesForSymbol } from '../user-alerts/alert-rules-evaluation';
import { raiseAlertsForSymbol } from '../user-alerts/user-alerts-service';
import { ulid } from 'ulid';
import type { SymbolPollStep } from './price-poll-steps';

/*
 * The price poll's alert steps (run in SYMBOL_POLL_STEPS of price-poll-steps.ts): market alerts of the
 * symbol, alerts for its holders, and the custom alert rules on it.
 */

/** Price-move and volume-surge alerts (engine/market-alerts.ts), once per bar and kind. */
export const raiseMarketAlerts: SymbolPollStep = async (poll) => {
  const { info, quote, deps } = poll;
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + deps.alertTtlHours * 3600;
  const alerts = detectMarketAlerts(
    {
      symbol: info.symbol,
      name: info.name,
      change_percent: quote.change_percent,
      data_mode: deps.engine.dataMode,
    },
    poll.analysis,
  );
  for (const alert of alerts) {
    const written = await deps.marketAlerts.putAlertOnce(
      {
        ...detectedAlertFields(info.symbol, alert),
        alert_id: (deps.newId ?? ulid)(),
        published_time: poll.nowIso,
        source: quote.source,
        url: '',
        as_of: quote.as_of,
        expires_at: expiresAt,
      },
      alert.kind,
    );
    if (written) poll.outcome.alertsWritten += 1;
  }
};

/** The alerts of every user holding the symbol. A holder's alert must not cost the rest of the poll. */
export const raiseHolderAlerts: SymbolPollStep = async (poll) => {
  const userAlerts = poll.deps.userAlerts;
  if (!userAlerts) return;
  try {
    const raised = await raiseAlertsForSymbol(
      {
        symbol: poll.info.symbol,
        name: poll.info.name,
        snapshot: { quote: poll.quote, analysis: poll.analysis },
      },
      userAlerts,
    );
    poll.outcome.alertsWritten += raised.written;
  } catch (error: unknown) {
    logger.warn('price poll: user alerts failed', {
      symbol: poll.info.symbol,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

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
