import type { MarketClockResponse } from '@app/shared/domain/entities/market';
import type { MarketEngine } from '../market-data/market-engine';

/**
 * GET /api/ai/market-clock: the market's date that both sites name in their header ("Replay · 14 Mar
 * 2017"), read from the same clock every price of the API is read at, and when it changes next so a
 * page refetches its prices then (market-data/README.md "The market clock").
 */
export function getMarketClock(deps: { engine: MarketEngine; now: () => Date }): MarketClockResponse {
  const { clock } = deps.engine.source;
  const reading = clock.at(deps.now());
  return {
    data_mode: deps.engine.dataMode,
    market_date: reading.date,
    replay: clock.replay
      ? {
          cycle: reading.cycle,
          step: reading.step,
          steps: clock.replay.config.calendar.length,
          window: clock.replay.window,
          ms_per_day: clock.replay.config.msPerDay,
        }
      : null,
    next_change_at: new Date(reading.nextAtMs).toISOString(),
  };
}
