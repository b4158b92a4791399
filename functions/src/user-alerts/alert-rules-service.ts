import type { z } from 'zod';
import type {
  AlertRule,
  AlertRuleInput,
  AlertRulesResponseSchema,
} from '@app/shared/domain/entities/alert-rules';
import { TIER_CATALOGUE, featureAccess } from '@app/shared/domain/catalogue/tiers';
import type { Tier } from '@app/shared/domain/enums';
import type { AlertRulesRepository, StoredAlertRule } from '../data/alert-rules-repository';
import type { UsersRepository } from '../data/users-repository';
import { assertFeature } from '../entitlements/entitlements';
import { message } from '@app/shared/messages/message';
import { NotFoundError, QuotaExceededError } from '../platform/errors';

/*
 * The custom alert rule routes (GET/POST /api/alerts/rules, PUT/DELETE /api/alerts/rules/{ruleId}):
 * custom_alerts (PRO) to create and edit, the plan's cap (`custom_alert_rules`) held by the create
 * transaction; listing and deleting on any plan, so rules paused by a lower plan stay visible and can
 * be removed. The price poll evaluates them (./alert-rules-evaluation.ts).
 */

export interface AlertRulesDeps {
  alertRules: AlertRulesRepository;
  users: Pick<UsersRepository, 'get'>;
  /** The symbols the price poll watches: a rule elsewhere could never fire. */
  watchedSymbols: () => Promise<readonly string[]>;
  newId: () => string;
  now: () => Date;
}

const ruleLimitOf = (tier: Tier) => TIER_CATALOGUE[tier].features.custom_alert_rules;

export function toAlertRule(stored: StoredAlertRule, tier: Tier): AlertRule {
  return {
    id: stored.id,
    symbol: stored.symbol,
    kind: stored.kind,
    level: stored.level,
    percent: stored.percent,
    status: featureAccess(tier, 'custom_alerts').allowed ? 'active' : 'paused',
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    last_triggered_at: stored.last_triggered_at,
    baseline_grade: stored.baseline_grade,
  };
}

async function tierOf(userId: string, deps: Pick<AlertRulesDeps, 'users'>): Promise<Tier> {
  return (await deps.users.get(userId))?.subscription_tier ?? 'FREE';
}

async function assertWatched(symbol: string, deps: Pick<AlertRulesDeps, 'watchedSymbols'>): Promise<void> {
  const watched = await deps.watchedSymbols();
  if (!watched.includes(symbol)) {
    throw new NotFoundError(message('PLAN_SYMBOL_NOT_WATCHED', { symbol, watched: watched.join(', ') }));
  }
}

export async function listAlertRules(
  userId: string,
  deps: AlertRulesDeps,
): Promise<z.input<typeof AlertRulesResponseSchema>> {
  const [tier, stored] = await Promise.all([tierOf(userId, deps), deps.alertRules.list(userId)]);
  const rules = stored
    .map((rule) => toAlertRule(rule, tier))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    rules,
    limit: ruleLimitOf(tier),
    used: rules.length,
    paused: !featureAccess(tier, 'custom_alerts').allowed,
  };
}

export async function createAlertRule(
  userId: string,
  input: AlertRuleInput,
  deps: AlertRulesDeps,
): Promise<AlertRule> {
  const tier = await tierOf(userId, deps);
  assertFeature(tier, 'custom_alerts');
  await assertWatched(input.symbol, deps);
  const limit = ruleLimitOf(tier);
  const { outcome, rule } = await deps.alertRules.create(userId, deps.newId(), input, limit, deps.now());
  if (outcome === 'limit_reached') {
    throw new QuotaExceededError(message('PLAN_ALERT_RULES_LIMIT', { limit }), null, tier);
  }
  return toAlertRule(rule, tier);
}

export async function updateAlertRule(
  userId: string,
  ruleId: string,
  input: AlertRuleInput,
  deps: AlertRulesDeps,
): Promise<AlertRule> {
  const tier = await tierOf(userId, deps);
  assertFeature(tier, 'custom_alerts');
  await assertWatched(input.symbol, deps);
  const rule = await deps.alertRules.replace(userId, ruleId, input, deps.now());
  if (!rule) throw new NotFoundError(message('PLAN_ALERT_RULE_NOT_FOUND', { ruleId }));
  return toAlertRule(rule, tier);
}

export async function deleteAlertRule(
  userId: string,
  ruleId: string,
  deps: AlertRulesDeps,
): Promise<{ id: string; deleted: true }> {
  if (!(await deps.alertRules.delete(userId, ruleId, deps.now()))) {
    throw new NotFoundError(message('PLAN_ALERT_RULE_NOT_FOUND', { ruleId }));
  }
  return { id: ruleId, deleted: true };
}
