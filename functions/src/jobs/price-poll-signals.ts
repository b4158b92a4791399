import { ulid } from 'ulid';
import { riskLevel } from '@app/shared/domain/rules/recommendation-derivations';
import { isFxSymbol } from '../engine/fx-rates';
import { detectedAlertFields, detectMarketAlerts } from '../engine/market-alerts';
import { buildRecommendationReasoning } from '../engine/recommendation-text';
import { logger } from '../platform/observability';
import { raiseAlertsForSymbol } from '../user-alerts/user-alerts-service';
import type { PricePollDeps, SymbolPollStep } from './price-poll-context';

/*
 * The price poll's signals: market alerts, holders' alerts and the recommendation queued for review.
 * Each is about the run's market date, and none compares two moments of different replay cycles:
 * an alert is raised once per (cycle, bar, kind), and a change of advice is judged against the
 * last recommendation queued in the same cycle (market-data/README.md "The market clock").
 */

const newIdOf = (deps: PricePollDeps) => (deps.newId ?? ulid)();

/** Price-move and volume-surge alerts (engine/market-alerts.ts), once per cycle, bar and kind. */
export const raiseMarketAlerts: SymbolPollStep = async (poll) => {
  const { info, quote, deps, marketDate } = poll;
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
        alert_id: newIdOf(deps),
        published_time: poll.nowIso,
        source: quote.source,
        url: '',
        as_of: quote.as_of,
        market_date: marketDate.date,
        cycle_id: marketDate.cycleId,
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

/**
 * Queues the engine's recommendation for admin review when its action differs from the last one
 * queued for the symbol in this replay cycle (reviewers see changes of advice, not every tick; a
 * new cycle starts with no advice to compare against). The new item supersedes the symbol's pending
 * one, so a symbol has at most one recommendation awaiting review.
 */
export const queueChangedRecommendation: SymbolPollStep = async (poll) => {
  const { info, analysis, deps, marketDate } = poll;
  // FX pairs are quoted and charted but not advice: an exchange rate is not an investment to grade.
  if (isFxSymbol(info.symbol)) return;
  const last = await deps.recommendationQueue.getLastRecommendation(info.symbol);
  const sameCycle = (last?.cycle_id ?? 'live') === marketDate.cycleId;
  if (last && sameCycle && last.action === analysis.recommendation.action) return;
  const reasoning = buildRecommendationReasoning(info.name, analysis);
  poll.outcome.recommendationQueued = await deps.recommendationQueue.enqueueSuperseding(
    {
      id: newIdOf(deps),
      symbol: info.symbol,
      recommendation: analysis.recommendation.action,
      risk_level: riskLevel(analysis.nugget_scores.risk_score),
      confidence: analysis.recommendation.confidence_score,
      ai_score: Math.round(analysis.nugget_scores.composite_rationality_score) / 10,
      reasoning,
      target_price: analysis.recommendation.target_price,
      generated_at: poll.nowIso,
      status: 'PENDING',
      as_of: poll.quote.as_of,
      market_date: marketDate.date,
      cycle_id: marketDate.cycleId,
      investment_grade: analysis.nugget_scores.investment_grade,
      composite_rationality_score: analysis.nugget_scores.composite_rationality_score,
      data_mode: deps.engine.dataMode,
    },
    last,
  );
};
