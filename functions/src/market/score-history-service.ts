import type { z } from 'zod';
import type { ScoreHistoryResponseSchema } from '@app/shared/domain/entities/score-history';
import { gradeDistance } from '@app/shared/domain/rules/grade-distance';
import type { ScoreHistoryRepository } from '../data/score-history-repository';
import { addCalendarDays } from '../engine/point-in-time';
import { describeScoreChange, type DailyScore } from '../engine/score-history';
import type { IsoDate } from '../engine/types';
import { detailLevelOf } from '../entitlements/detail-views';
import { resolveCallerPlan } from '../entitlements/entitlements';
import { toHttpError } from '../market-data/engine-mappers';
import type { AuthContext } from '../platform/auth-context';
import type { MarketDeps } from './market-deps';

/*
 * GET /api/ai/score-history/{symbol}: the days the price poll stored (jobs/price-poll-score-history.ts),
 * read as stored: nothing here runs the engine on a past day, so a later bar or filing cannot change
 * what a day showed. The range ends at the market's date at the latest (a replay that started over
 * does not show the dates ahead of its clock). Every tier reads the grades, composites and factor
 * scores; the inputs behind each factor's move are the 'full' detail (PREMIUM and up), as on the card.
 */

/** Default range: the year before the market date. */
export const DEFAULT_HISTORY_DAYS = 365;

export type ScoreHistoryDeps = Pick<MarketDeps, 'engine' | 'users' | 'now'> & {
  scoreHistory: Pick<ScoreHistoryRepository, 'listDays'>;
};

export async function getScoreHistory(
  symbol: string,
  query: { from?: IsoDate | undefined; to?: IsoDate | undefined },
  auth: AuthContext,
  deps: ScoreHistoryDeps,
): Promise<z.input<typeof ScoreHistoryResponseSchema>> {
  const plan = await resolveCallerPlan(auth, deps.users);
  const marketDate = deps.engine.source.clock.at(deps.now()).date;
  let info;
  try {
    info = await deps.engine.describe(symbol);
  } catch (error: unknown) {
    throw toHttpError(error);
  }
  const to = query.to && query.to < marketDate ? query.to : marketDate;
  const from = query.from ?? addCalendarDays(to, -DEFAULT_HISTORY_DAYS);
  const days = from <= to ? await deps.scoreHistory.listDays(info.symbol, from, to) : [];
  const level = detailLevelOf(plan.tier);
  const first = days[0];
  const last = days.at(-1);
  const change = first && last && first !== last ? describeScoreChange(first, last) : null;
  return {
    symbol: info.symbol,
    from,
    to,
    market_date: marketDate,
    detail_level: level,
    days: days.map(toContractDay),
    change: change && {
      ...change,
      factors: change.factors.map(({ inputs, ...factor }) =>
        level === 'full' ? { ...factor, inputs } : factor,
      ),
    },
    distance: last ? gradeDistance(last.composite, last.factors) : null,
  };
}

function toContractDay(day: DailyScore) {
  return {
    date: day.date,
    grade: day.grade,
    composite: day.composite,
    price: day.price,
    factors: day.factors.map(({ inputs: _inputs, ...factor }) => factor),
  };
}
