import { describe, expect, it } from 'vitest';
import { runPricePoll } from './price-poll';
import { atStep, setUpReplayPoll } from '../testing/replay-poll-fixture';

/*
 * The replay's wrap (market-data/README.md "The market clock"): after 2017-06-30, the last date of
 * the window, the clock starts over at 2017-01-01 for every series at once, in a new cycle. Bitcoin
 * closed at 2535.85 on 2017-06-30 and at 970.17 on 2017-01-01 (958.35 the day before): a -61.7 %
 * "move" exists only across the wrap, and nothing may compute it.
 */

const LAST_STEP_OF_FIRST_CYCLE = 180;

// A poll's first run backfills each symbol's score history (about a second on one idle core).
describe('a wrap of the replay', { timeout: 30_000 }, () => {
  it('starts over at once: no move, alert or change of advice is computed across it', async () => {
    const { deps, market, clock } = await setUpReplayPoll(LAST_STEP_OF_FIRST_CYCLE - 20);
    const holderAlerts: { symbol: string; rule: string; step: number }[] = [];
    let step = LAST_STEP_OF_FIRST_CYCLE - 20;
    const userAlerts = {
      now: clock.now,
      getTier: async () => 'PRO' as const,
      alerts: {
        listHolders: async () => [{ userId: 'holder-1' }],
        putCounted: async (_user: string, _alert: unknown, meta: { symbol: string; rule: string }) => {
          holderAlerts.push({ symbol: meta.symbol, rule: meta.rule, step });
          return 'written' as const;
        },
      },
    } as unknown as NonNullable<Parameters<typeof runPricePoll>[0]['userAlerts']>;
    for (; step <= LAST_STEP_OF_FIRST_CYCLE; step += 1) {
      clock.set(atStep(step));
      await runPricePoll({ ...deps, userAlerts });
    }
    const before = market.snapshot();
    const firstCycle = deps.engine.source.clock.at(atStep(LAST_STEP_OF_FIRST_CYCLE)).cycleId;
    expect(before.quotes['BTC-USD']).toMatchObject({ price: 2535.85, market_date: '2017-06-30' });
    // The last dates of June raised alerts: the checks below would be empty otherwise.
    expect(before.alerts.length).toBeGreaterThan(0);

    clock.set(atStep(step));
    const run = await runPricePoll({ ...deps, userAlerts });
    const after = market.snapshot();
    const secondCycle = deps.engine.source.clock.at(atStep(step)).cycleId;
    expect(secondCycle).not.toBe(firstCycle);
    expect(run.market_date).toBe('2017-01-01');

    // The day's change is 2017-01-01 against 2016-12-31, by hand: 970.17 / 958.35 - 1 = +1.2334 %.
    expect(after.quotes['BTC-USD']).toMatchObject({ price: 970.17, previous_close: 958.35 });
    expect(after.quotes['BTC-USD']?.change_percent).toBeCloseTo(1.2334, 3);

    // Alerts raised at the wrap are about the new cycle's first date only, and none for bitcoin's
    // ordinary day; a reader of the new cycle sees none of the old cycle's June alerts.
    const raised = after.alerts.filter(
      (alert) => !before.alerts.some((old) => old.alert_id === alert.alert_id),
    );
    for (const alert of raised)
      expect(alert).toMatchObject({ cycle_id: secondCycle, market_date: '2017-01-01' });
    expect(raised.filter((alert) => alert.symbol === 'BTC-USD')).toEqual([]);
    expect(holderAlerts.filter((alert) => alert.step === step && alert.symbol === 'BTC-USD')).toEqual([]);
    const visible = await deps.marketAlerts.listAlerts(100, Math.floor(atStep(step).getTime() / 1000), {
      cycleId: secondCycle,
      marketDate: '2017-01-01',
    });
    expect(visible.map((alert) => alert.market_date)).toEqual(visible.map(() => '2017-01-01'));

    // Advice starts over: every graded symbol is queued afresh in the new cycle (its June advice is
    // not compared with January's), superseding the pending June item; one pending per symbol.
    for (const symbol of ['AAPL', 'BTC-USD', '^GSPC']) {
      expect(after.lastRecommendations[symbol]).toMatchObject({
        cycle_id: secondCycle,
        as_of: expect.any(String),
      });
      const pending = after.queue.filter((item) => item.symbol === symbol && item.status === 'PENDING');
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ cycle_id: secondCycle, market_date: '2017-01-01' });
    }
    expect(run.recommendations_enqueued).toBe(3);
  });
});
