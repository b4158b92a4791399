import { featureAccess, featureLimit } from '@app/shared/domain/catalogue/tiers';
import type { AlertMailer } from '../notifications/alert-mailing';
import type { Tier } from '@app/shared/domain/enums';
import type { AlertRulesRepository } from '../data/alert-rules-repository';
import type { AlertsRepository } from '../data/alerts-repository';
import { utcDayOf } from '../data/usage-repository';
import { evaluateAlertRule } from '../engine/alert-rules';
import type { ScoredCatalyst } from '../engine/catalysts/build-catalyst';
import type { SymbolSnapshot } from '../engine/catalysts/user-alerts';
import { toAlertRule } from './alert-rules-service';

/*
 * The price poll's side of custom alert rules: after a symbol is analysed, every rule on it whose
 * owner's plan includes custom_alerts is evaluated (engine/alert-rules.ts); a rule that fires writes
 * one alert to its owner's alerts screen, counted against the day's market_alerts quota like every
 * alert (alerts-repository putCounted, idempotent per rule and bar). Rules of a plan without the
 * feature are paused: skipped, kept.
 */

export interface RuleEvaluationDeps {
  alertRules: Pick<AlertRulesRepository, 'listForSymbol' | 'recordEvaluation'>;
  alerts: Pick<AlertsRepository, 'putCounted'>;
  /** The owner's tier; null when the user no longer exists. */
  getTier: (userId: string) => Promise<Tier | null>;
  /** Scored recent catalysts about the symbol (only asked when a catalyst rule exists). */
  recentCatalysts: (symbol: string) => Promise<readonly ScoredCatalyst[]>;
  now: () => Date;
  /** Mails an alert just written to a user who wants it by e-mail (notifications/alert-mailing.ts). */
  mailAlert?: AlertMailer;
}

export interface RuleEvaluationOutcome {
  evaluated: number;
  paused: number;
  written: number;
}

export async function evaluateRulesForSymbol(
  input: { symbol: string; snapshot: SymbolSnapshot },
  deps: RuleEvaluationDeps,
): Promise<RuleEvaluationOutcome> {
  const rules = await deps.alertRules.listForSymbol(input.symbol);
  const outcome: RuleEvaluationOutcome = { evaluated: 0, paused: 0, written: 0 };
  if (rules.length === 0) return outcome;
  const tiers = new Map<string, Tier | null>();
  const tierOf = async (userId: string) => {
    if (!tiers.has(userId)) tiers.set(userId, await deps.getTier(userId));
    return tiers.get(userId) ?? null;
  };
  const catalysts = rules.some((rule) => rule.kind === 'high_impact_catalyst')
    ? await deps.recentCatalysts(input.symbol)
    : [];
  const now = deps.now();

  for (const stored of rules) {
    const tier = await tierOf(stored.user_id);
    if (!tier || !featureAccess(tier, 'custom_alerts').allowed) {
      outcome.paused += 1;
      continue;
    }
    outcome.evaluated += 1;
    const evaluation = evaluateAlertRule({
      userId: stored.user_id,
      rule: toAlertRule(stored, tier),
      snapshot: input.snapshot,
      catalysts,
      now,
    });
    let triggeredAt: string | null = null;
    if (evaluation.alert) {
      const written = await deps.alerts.putCounted(stored.user_id, evaluation.alert, {
        symbol: stored.symbol,
        rule: `rule:${stored.id}`,
        day: utcDayOf(now),
        limit: featureLimit(tier, 'market_alerts'),
        now,
      });
      if (written === 'written') {
        outcome.written += 1;
        await deps.mailAlert?.(stored.user_id, evaluation.alert);
        triggeredAt = now.toISOString();
      }
    }
    if (triggeredAt || evaluation.baselineGrade !== stored.baseline_grade) {
      await deps.alertRules.recordEvaluation(stored, {
        baselineGrade: evaluation.baselineGrade,
        triggeredAt,
      });
    }
  }
  return outcome;
}
