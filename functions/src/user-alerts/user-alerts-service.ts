import type { z } from 'zod';
import type { UserAlertsResponseSchema } from '@app/shared/domain/entities/catalysts';
import { featureLimit } from '@app/shared/domain/catalogue/tiers';
import type { Language, Tier } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { readStoredText } from '@app/shared/messages/stored-text';
import type { AlertsRepository, AlertWriteOutcome, StoredUserAlert } from '../data/alerts-repository';
import { utcDayOf } from '../data/usage-repository';
import type { AuthContext } from '../platform/auth-context';
import { NotFoundError } from '../platform/errors';
import { render } from '../platform/messages';
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

/** A stored or sample alert in the reader's language. */
export function alertInLanguage(
  alert: StoredUserAlert | UserAlertDraft,
  language: Language,
): UserAlertsResponse['alerts'][number] {
  const read = (text: StoredUserAlert['title']) =>
    readStoredText(text, language, (stored) => render(stored, language));
  return {
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
 * GET /api/alerts: the caller's alerts (dismissed ones included), in the caller's language; the
 * spec's samples without a token.
 */
export async function listUserAlerts(
  auth: AuthContext,
  language: Language,
  deps: UserAlertsDeps,
): Promise<UserAlertsResponse> {
  const demo = auth.kind !== 'user';
  const alerts = demo ? buildDemoAlerts(deps.now()) : await deps.alerts.list(auth.userId);
  return {
    alerts: alerts.map((alert) => alertInLanguage(alert, language)),
    demo,
    summary: summariseUserAlerts(alerts),
  };
}

/** GET /api/alerts/count: how many of the caller's alerts are active (the sidebar's badge). */
export async function countActiveAlerts(
  auth: AuthContext,
  deps: UserAlertsDeps,
): Promise<{ active: number; demo: boolean }> {
  const demo = auth.kind !== 'user';
  const alerts = demo ? buildDemoAlerts(deps.now()) : await deps.alerts.list(auth.userId);
  return { active: alerts.filter((alert) => !alert.dismissed).length, demo };
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
    outcomes.push(
      await deps.alerts.putCounted(input.userId, entry.alert, {
        symbol: entry.symbol,
        rule: entry.rule,
        day: utcDayOf(now),
        limit,
        now,
      }),
    );
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
