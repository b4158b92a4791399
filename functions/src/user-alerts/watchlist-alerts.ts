import { featureLimit } from '@app/shared/domain/catalogue/tiers';
import type { Grade, Tier } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import type { AlertsRepository } from '../data/alerts-repository';
import { utcDayOf } from '../data/usage-repository';
import type { WatchlistsRepository } from '../data/watchlists-repository';
import { deriveAlertId, type UserAlertDraft } from '../engine/catalysts/user-alerts';
import type { AlertMailer } from '../notifications/alert-mailing';

/*
 * The price poll's side of watchlists (docs/product.md "Watchlists"): after a symbol is graded, every
 * watchlist entry on it whose last seen grade differs raises one alert to its owner, through the same
 * write path and channels as every alert (alerts-repository putCounted: the alerts screen, counted
 * against the day's market_alerts quota, idempotent per list, change and bar; e-mailed when the owner
 * wants that type by mail), when the list's grade alerts are on. The entry then remembers the grade,
 * so a change alerts once. An entry added without a grade only takes the first grade it sees.
 */

export interface WatchlistAlertDeps {
  watchlists: Pick<WatchlistsRepository, 'listWatchers' | 'getList' | 'recordGrade'>;
  alerts: Pick<AlertsRepository, 'putCounted'>;
  /** The owner's tier; null when the user no longer exists. */
  getTier: (userId: string) => Promise<Tier | null>;
  now: () => Date;
  /** Mails an alert just written to a user who wants it by e-mail (notifications/alert-mailing.ts). */
  mailAlert?: AlertMailer;
}

export interface WatchlistAlertOutcome {
  changed: number;
  written: number;
}

function gradeAlert(
  input: { userId: string; listId: string; listName: string; symbol: string; date: string },
  from: Grade,
  to: Grade,
  now: Date,
): UserAlertDraft {
  const text = message('WATCHLIST_GRADE_MESSAGE', {
    symbol: input.symbol,
    from,
    to,
    date: input.date,
    list: input.listName,
  });
  return {
    id: deriveAlertId(input.userId, input.symbol, `rule:watch:${input.listId}:${from}>${to}`, input.date),
    title: message('WATCHLIST_GRADE_TITLE', { symbol: input.symbol, from, to }),
    description: text,
    message: text,
    severity: 'medium',
    timestamp: now.toISOString(),
    type: 'ai_insight',
    asset: input.symbol,
    dismissed: false,
    actionRequired: false,
  };
}

/** `grade` is the symbol's grade on the bar of `date` (the market date the poll graded). */
export async function raiseWatchlistGradeAlerts(
  input: { symbol: string; grade: Grade; date: string },
  deps: WatchlistAlertDeps,
): Promise<WatchlistAlertOutcome> {
  const outcome: WatchlistAlertOutcome = { changed: 0, written: 0 };
  const watchers = await deps.watchlists.listWatchers(input.symbol);
  const now = deps.now();
  for (const entry of watchers) {
    if (entry.last_grade === input.grade) continue;
    const from = entry.last_grade;
    if (from !== null) {
      const [list, tier] = await Promise.all([
        deps.watchlists.getList(entry.user_id, entry.list_id),
        deps.getTier(entry.user_id),
      ]);
      // A list deleted meanwhile, or its owner gone: nothing to alert nor to remember.
      if (!list || !tier) continue;
      outcome.changed += 1;
      if (list.grade_alerts) {
        const alert = gradeAlert(
          {
            userId: entry.user_id,
            listId: list.id,
            listName: list.name,
            symbol: input.symbol,
            date: input.date,
          },
          from,
          input.grade,
          now,
        );
        const written = await deps.alerts.putCounted(entry.user_id, alert, {
          symbol: input.symbol,
          rule: `rule:watch:${list.id}`,
          day: utcDayOf(now),
          limit: featureLimit(tier, 'market_alerts'),
          now,
        });
        if (written === 'written') {
          outcome.written += 1;
          await deps.mailAlert?.(entry.user_id, alert);
        }
      }
    }
    await deps.watchlists.recordGrade(entry, input.grade);
  }
  return outcome;
}
