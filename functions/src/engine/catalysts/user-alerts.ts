import { createHash } from 'node:crypto';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import { message, type Message } from '@app/shared/messages/message';
import type { MarketAlertType, Severity } from '@app/shared/domain/enums';
import { isHighImpact } from '@app/shared/domain/rules/catalyst-thresholds';
import type { SourceQuote, SymbolAnalysis } from '../types';
import type { ScoredCatalyst } from './build-catalyst';

/*
 * Alerts for a user's watched symbols (the symbols of their holdings), README.md "User alerts".
 * Rules, each at most once per (user, symbol, rule, day):
 *   price_move   |change| >= max(3 %, 2 daily sigmas); high when >= max(6 %, 3 sigmas), else medium
 *   volume_surge volume_ratio_20d >= 2 (the engine's HIGH surge level); medium
 *   catalyst     a catalyst about the symbol with impact > 80; high when negative, else medium
 * The day is the bar date (price, volume) or the publication date (catalyst), so a poll that runs
 * twice over the same bar derives the same alert id and writes it once.
 */

export type UserAlertRule = 'price_move' | 'volume_surge' | 'catalyst';

export const PRICE_MOVE_MIN_PERCENT = 3;
export const PRICE_MOVE_HIGH_PERCENT = 6;
export const PRICE_MOVE_SIGMAS = 2;
export const PRICE_MOVE_HIGH_SIGMAS = 3;
export const USER_VOLUME_SURGE_RATIO = 2;

export interface WatchedSymbol {
  symbol: string;
  name: string;
}

export interface SymbolSnapshot {
  quote: SourceQuote;
  analysis: SymbolAnalysis;
}

/**
 * A user's alert as the engine raises it and the alerts table keeps it: its texts are messages, worded
 * in the reader's language when the alerts screen reads them.
 */
export type UserAlertDraft = Omit<
  UserAlert,
  'title' | 'description' | 'message' | 'read' | 'figures' | 'source'
> & {
  title: Message;
  description: Message;
  message: Message;
};

export interface DerivedUserAlert {
  alert: UserAlertDraft;
  symbol: string;
  rule: UserAlertRule;
  /** YYYY-MM-DD the rule fired for. */
  day: string;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID that is a pure function of (user, symbol, rule, day): its time part is the day's midnight
 * UTC (so alerts sort by the day they are about) and its 80 random bits come from SHA-256 of the key.
 */
export function deriveAlertId(
  userId: string,
  symbol: string,
  rule: UserAlertRule | `rule:${string}`,
  day: string,
): string {
  let time = Date.parse(`${day}T00:00:00Z`);
  let timePart = '';
  for (let index = 0; index < 10; index += 1) {
    timePart = (CROCKFORD[time % 32] as string) + timePart;
    time = Math.floor(time / 32);
  }
  const digest = createHash('sha256').update(`${userId}|${symbol.toUpperCase()}|${rule}|${day}`).digest();
  let randomPart = '';
  let bits = 0;
  let buffer = 0;
  for (const byte of digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && randomPart.length < 16) {
      randomPart += CROCKFORD[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (randomPart.length === 16) break;
  }
  return timePart + randomPart;
}

export function buildPriceMoveMessage(
  name: string,
  symbol: string,
  change: number,
  sigmas: number,
  day: string,
): Message {
  return message('ALERT_PRICE_MOVE_MESSAGE', { name, symbol, change, times: sigmas, date: day });
}

export function buildVolumeSurgeMessage(name: string, symbol: string, ratio: number, day: string): Message {
  return message('ALERT_VOLUME_MESSAGE', { name, symbol, ratio, date: day });
}

export function buildCatalystMessage(
  name: string,
  symbol: string,
  catalyst: ScoredCatalyst['catalyst'],
): Message {
  return message('ALERT_CATALYST_MESSAGE', {
    type: catalyst.event_type,
    name,
    symbol,
    headline: catalyst.title,
    impact: Math.round(catalyst.impact_score),
    sentiment: catalyst.sentiment_label,
  });
}

export interface DeriveUserAlertsInput {
  userId: string;
  holdings: readonly WatchedSymbol[];
  /** Latest quote and analysis per symbol (upper-case key); symbols without one are skipped. */
  snapshots: ReadonlyMap<string, SymbolSnapshot>;
  catalysts: readonly ScoredCatalyst[];
  now: Date;
}

function dailySigma(analysis: SymbolAnalysis): number | null {
  const volatility = analysis.risk_metrics.volatility_1month;
  if (volatility === null || !(volatility > 0)) return null;
  return volatility / Math.sqrt(analysis.risk_metrics.annualisation_factor);
}

/** Alerts the rules raise for one user's watched symbols, now. Pure: same input, same alerts and ids. */
/** The catalyst with the highest impact above 80 about `symbol` (its own or a ticker it mentions), if any. */
export function strongestHighImpactCatalyst(
  catalysts: readonly ScoredCatalyst[],
  symbol: string,
): ScoredCatalyst | undefined {
  return catalysts
    .filter(
      (entry) =>
        isHighImpact(entry.catalyst.impact_score) &&
        (entry.catalyst.symbol.toUpperCase() === symbol || entry.catalyst.tickers_mentioned.includes(symbol)),
    )
    .sort((left, right) => right.catalyst.impact_score - left.catalyst.impact_score)[0];
}

export function deriveUserAlerts(input: DeriveUserAlertsInput): DerivedUserAlert[] {
  const derived: DerivedUserAlert[] = [];
  const timestamp = input.now.toISOString();
  const push = (
    watched: WatchedSymbol,
    rule: UserAlertRule,
    day: string,
    fields: {
      title: Message;
      message: Message;
      severity: Severity;
      type: MarketAlertType;
      actionRequired: boolean;
    },
  ) => {
    derived.push({
      symbol: watched.symbol,
      rule,
      day,
      alert: {
        id: deriveAlertId(input.userId, watched.symbol, rule, day),
        title: fields.title,
        description: fields.message,
        message: fields.message,
        severity: fields.severity,
        timestamp,
        type: fields.type,
        asset: watched.symbol,
        dismissed: false,
        actionRequired: fields.actionRequired,
      },
    });
  };

  const seen = new Set<string>();
  for (const watched of input.holdings) {
    const symbol = watched.symbol.toUpperCase();
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    const snapshot = input.snapshots.get(symbol);
    if (snapshot) {
      const { quote, analysis } = snapshot;
      const change = quote.change_percent;
      const sigma = dailySigma(analysis);
      if (change !== null) {
        const threshold = Math.max(PRICE_MOVE_MIN_PERCENT, sigma === null ? 0 : PRICE_MOVE_SIGMAS * sigma);
        if (Math.abs(change) >= threshold) {
          const highThreshold = Math.max(
            PRICE_MOVE_HIGH_PERCENT,
            sigma === null ? 0 : PRICE_MOVE_HIGH_SIGMAS * sigma,
          );
          const high = Math.abs(change) >= highThreshold;
          const sigmas = sigma === null ? 0 : Math.abs(change) / sigma;
          push(watched, 'price_move', quote.as_of, {
            title: message(change > 0 ? 'ALERT_PRICE_UP_TITLE' : 'ALERT_PRICE_DOWN_TITLE', {
              name: watched.name,
              change: Math.abs(change),
            }),
            message: buildPriceMoveMessage(watched.name, symbol, change, sigmas, quote.as_of),
            severity: high ? 'high' : 'medium',
            type: 'price_movement',
            actionRequired: high,
          });
        }
      }
      const ratio = analysis.volume_analysis.volume_ratio_20d;
      if (ratio !== null && ratio >= USER_VOLUME_SURGE_RATIO) {
        push(watched, 'volume_surge', quote.as_of, {
          title: message('ALERT_VOLUME_TITLE', { name: watched.name, ratio }),
          message: buildVolumeSurgeMessage(watched.name, symbol, ratio, quote.as_of),
          severity: 'medium',
          type: 'ai_insight',
          actionRequired: false,
        });
      }
    }
    const strongest = strongestHighImpactCatalyst(input.catalysts, symbol);
    if (strongest) {
      const negative = strongest.catalyst.sentiment_label === 'negative';
      push(watched, 'catalyst', strongest.catalyst.published_date.slice(0, 10), {
        title: message('ALERT_CATALYST_TITLE', { headline: strongest.catalyst.title }),
        message: buildCatalystMessage(watched.name, symbol, strongest.catalyst),
        severity: negative ? 'high' : 'medium',
        type: strongest.catalyst.event_type === 'earnings' ? 'earnings' : 'market_news',
        actionRequired: negative,
      });
    }
  }
  return derived;
}

export function summariseUserAlerts(
  alerts: readonly Pick<UserAlert, 'dismissed' | 'severity' | 'actionRequired'>[],
) {
  const active = alerts.filter((alert) => !alert.dismissed);
  return {
    critical: active.filter((alert) => alert.severity === 'high').length,
    medium: active.filter((alert) => alert.severity === 'medium').length,
    info: active.filter((alert) => alert.severity === 'low').length,
    action_required: active.filter((alert) => alert.actionRequired).length,
    dismissed: alerts.length - active.length,
  };
}
