import type { z } from 'zod';
import {
  ALERT_FIGURE_NAMES,
  type AlertSource,
  type NotificationPreferences,
  type NotificationPreferencesPayload,
  type UserAlertsResponseSchema,
} from '@app/shared/domain/entities/catalysts';
import { featureLimit } from '@app/shared/domain/catalogue/tiers';
import type { Language, Tier } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import type { AlertMailer } from '../notifications/alert-mailing';
import { readStoredText } from '@app/shared/messages/stored-text';
import type { MessageOf } from '@app/shared/messages/param-kinds';
import type { AlertsRepository, AlertWriteOutcome, StoredUserAlert } from '../data/alerts-repository';
import { utcDayOf } from '../data/usage-repository';
import type { AuthContext } from '../platform/auth-context';
import { NotFoundError } from '../platform/errors';
import { render, renderFigures } from '../platform/messages';
import type { ScoredCatalyst } from '../engine/catalysts/build-catalyst';
import {
  deriveUserAlerts,
  summariseUserAlerts,
  type DerivedUserAlert,
  type UserAlertDraft,
  type SymbolSnapshot,
  type WatchedSymbol,
} from '../engine/catalysts/user-alerts';
import { buildDemoAlerts } from '../engine/catalysts/demo-alerts';

/*
 * The logic of the portfolio area's alert routes (GET /api/alerts, POST /api/alerts/{id}/dismiss,
 * POST /api/alerts/restore) and the write path the price poll uses. The portfolio handler wires the
 * three routes; the price poll calls raiseUserAlerts for the holders of each polled symbol.
 */

export type UserAlertsResponse = z.infer<typeof UserAlertsResponseSchema>;

export interface UserAlertsDeps {
  alerts: AlertsRepository;
  now: () => Date;
}

type AlertRow = (StoredUserAlert | UserAlertDraft) & { read?: boolean; rule?: string };

/** Where an alert's figures come from, by the rule that raised it (a demo sample has no rule). */
function sourceOf(alert: AlertRow): AlertSource {
  if (alert.rule === undefined) return 'sample';
  if (alert.rule.startsWith('rule:')) return 'alert_rule';
  return alert.rule === 'catalyst' ? 'catalyst' : 'market_bars';
}

function isMessage(text: unknown): text is MessageOf {
  return typeof text === 'object' && text !== null && 'code' in text && 'params' in text;
}

/** A stored or sample alert in the reader's language, with the figures its message was raised on. */
export function alertInLanguage(alert: AlertRow, language: Language): UserAlertsResponse['alerts'][number] {
  const read = (text: StoredUserAlert['title']) =>
    readStoredText(text, language, (stored) => render(stored, language));
  const figures = isMessage(alert.message) ? renderFigures(alert.message, ALERT_FIGURE_NAMES, language) : [];
  return {
    read: alert.read ?? false,
    figures: figures as UserAlertsResponse['alerts'][number]['figures'],
    source: sourceOf(alert),
    id: alert.id,
    title: read(alert.title),
    description: read(alert.description),
    message: read(alert.message),
    severity: alert.severity,
    timestamp: alert.timestamp,
    type: alert.type,
    asset: alert.asset,
    dismissed: alert.dismissed,
    actionRequired: alert.actionRequired,
  };
}

/**
 * GET /api/alerts: the caller's alerts (dismissed ones included), in the caller's language; the three sample
 * alerts without a token (docs/product.md "Screens").
 */
export async function listUserAlerts(
  auth: AuthContext,
  language: Language,
  deps: UserAlertsDeps,
): Promise<UserAlertsResponse> {
  const alerts = await shownAlerts(auth, deps);
  const demo = auth.kind !== 'user';
  return {
    alerts: alerts.map((alert) => alertInLanguage(alert, language)),
    demo,
    summary: summariseUserAlerts(alerts),
  };
}

/** GET /api/alerts/count: how many of the caller's alerts are active, and how many unread (badge, bell). */
export async function countActiveAlerts(
  auth: AuthContext,
  deps: UserAlertsDeps,
): Promise<{ active: number; unread: number; demo: boolean }> {
  const alerts = (await shownAlerts(auth, deps)).filter((alert) => !alert.dismissed);
  return {
    active: alerts.length,
    unread: alerts.filter((alert: AlertRow) => alert.read !== true).length,
    demo: auth.kind !== 'user',
  };
}

/** POST /api/alerts/{id}/read */
export async function markUserAlertRead(
  userId: string,
  alertId: string,
  deps: UserAlertsDeps,
): Promise<{ id: string; read: true }> {
  if (!(await deps.alerts.markRead(userId, alertId))) throw new NotFoundError(message('ALERT_NOT_FOUND'));
  return { id: alertId, read: true };
}

/** POST /api/alerts/read-all */
export async function markAllUserAlertsRead(
  userId: string,
  deps: UserAlertsDeps,
): Promise<{ marked: number }> {
  return { marked: await deps.alerts.markAllRead(userId) };
}

/** GET /api/alerts/preferences */
export async function getNotificationPreferences(
  userId: string,
  deps: UserAlertsDeps,
): Promise<NotificationPreferences> {
  return deps.alerts.getPreferences(userId);
}

/** PUT /api/alerts/preferences */
export async function saveNotificationPreferences(
  userId: string,
  preferences: NotificationPreferencesPayload,
  deps: UserAlertsDeps,
): Promise<NotificationPreferences> {
  return deps.alerts.putPreferences(userId, preferences, deps.now());
}

/**
 * The alerts the caller sees: a user's stored alerts without the types they turned off in their
 * notification preferences; the demo's samples without a token.
 */
async function shownAlerts(auth: AuthContext, deps: UserAlertsDeps): Promise<AlertRow[]> {
  if (auth.kind !== 'user') return buildDemoAlerts(deps.now());
  const [alerts, preferences] = await Promise.all([
    deps.alerts.list(auth.userId),
    deps.alerts.getPreferences(auth.userId),
  ]);
  return alerts.filter((alert) => preferences.in_app[alert.type]);
}

/** POST /api/alerts/{id}/dismiss */
export async function dismissUserAlert(
  userId: string,
  alertId: string,
  deps: UserAlertsDeps,
): Promise<{ id: string; dismissed: true }> {
  if (!(await deps.alerts.dismiss(userId, alertId))) throw new NotFoundError(message('ALERT_NOT_FOUND'));
  return { id: alertId, dismissed: true };
}

/** POST /api/alerts/restore */
export async function restoreUserAlerts(userId: string, deps: UserAlertsDeps): Promise<{ restored: number }> {
  return { restored: await deps.alerts.restoreAll(userId) };
}

export interface RaiseUserAlertsDeps extends UserAlertsDeps {
  /** The user's tier (users repository); null when the user no longer exists. */
  getTier: (userId: string) => Promise<Tier | null>;
  /** Mails an alert just written to a user who wants it by e-mail (notifications/alert-mailing.ts). */
  mailAlert?: AlertMailer;
}

export interface RaiseUserAlertsResult {
  derived: DerivedUserAlert[];
  outcomes: AlertWriteOutcome[];
}

/**
 * Derives one user's alerts and writes each once, counted against the user's market_alerts quota of
 * the current UTC day (the quota resets at midnight UTC, whatever the replayed date).
 */
export async function raiseUserAlerts(
  input: {
    userId: string;
    holdings: readonly WatchedSymbol[];
    snapshots: ReadonlyMap<string, SymbolSnapshot>;
    catalysts: readonly ScoredCatalyst[];
  },
  deps: RaiseUserAlertsDeps,
): Promise<RaiseUserAlertsResult> {
  const now = deps.now();
  const derived = deriveUserAlerts({ ...input, now });
  if (derived.length === 0) return { derived, outcomes: [] };
  const tier = await deps.getTier(input.userId);
  if (!tier) return { derived, outcomes: [] };
  const limit = featureLimit(tier, 'market_alerts');
  const outcomes: AlertWriteOutcome[] = [];
  for (const entry of derived) {
    const outcome = await deps.alerts.putCounted(input.userId, entry.alert, {
      symbol: entry.symbol,
      rule: entry.rule,
      day: utcDayOf(now),
      limit,
      now,
    });
    outcomes.push(outcome);
    if (outcome === 'written') await deps.mailAlert?.(input.userId, entry.alert);
  }
  return { derived, outcomes };
}

/**
 * The price poll's entry point: after analysing a symbol, raise the alerts of every user holding it
 * (holders from the holdings table's gsi1). `catalysts` are the scored recent catalysts, if any.
 */
export async function raiseAlertsForSymbol(
  input: { symbol: string; name: string; snapshot: SymbolSnapshot; catalysts?: readonly ScoredCatalyst[] },
  deps: RaiseUserAlertsDeps,
): Promise<{ holders: number; written: number }> {
  const holders = await deps.alerts.listHolders(input.symbol);
  let written = 0;
  for (const holder of new Set(holders.map((entry) => entry.userId))) {
    const result = await raiseUserAlerts(
      {
        userId: holder,
        holdings: [{ symbol: input.symbol, name: input.name }],
        snapshots: new Map([[input.symbol.toUpperCase(), input.snapshot]]),
        catalysts: input.catalysts ?? [],
      },
      deps,
    );
    written += result.outcomes.filter((outcome) => outcome === 'written').length;
  }
  return { holders: holders.length, written };
}
