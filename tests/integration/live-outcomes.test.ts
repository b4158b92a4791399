import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createGradeChainRepository } from '@app/functions/data/grade-chain-repository';
import { createLiveOutcomeRepository } from '@app/functions/data/live-outcome-repository';
import { createPricesRepository } from '@app/functions/data/prices-repository';
import { createScoreHistoryRepository } from '@app/functions/data/score-history-repository';
import type { DailyScore } from '@app/functions/engine/score-history';
import { recordGradeChain } from '@app/functions/jobs/price-poll-grade-chain';
import { recordLiveOutcomes } from '@app/functions/jobs/price-poll-outcomes';
import { getGradeChain } from '@app/functions/market/grade-chain-service';
import { localDynamoClient } from '@app/infra/local/dynamodb-local';
import type { ServedBar, SimulatedInstrument } from '../provider-simulator/instruments';
import { startIngestionHarness, type IngestionHarness } from '../src/ingestion-harness';

/**
 * The live track record's outcomes (functions/src/engine/README.md "Live outcomes") in live mode on
 * the provider simulator with a stepped clock: the live ingestion stores the simulator's bars in
 * DynamoDB Local, three market dates are graded and chained, and the outcomes' step of the price poll
 * runs before and after the 1-month horizon. The returns expected are computed here from the bars the
 * simulator served, by the rule docs/product.md "Track record" states (last close on or before the
 * chained date to the last close on or before the horizon date).
 */

const STAGE = 'liveoutcomes';
const start = '2025-01-02';
const INSTRUMENTS: SimulatedInstrument[] = [
  { symbol: 'SPY', kind: 'equity', name: 'SPY (test data)', start, startPrice: 400 },
  { symbol: 'OUTA', kind: 'equity', name: 'Outcome A (test data)', start, startPrice: 50 },
  { symbol: 'OUTD', kind: 'equity', name: 'Outcome D (test data)', start, startPrice: 20 },
];
const GRADED: Array<[string, DailyScore['grade'], number]> = [
  ['OUTA', 'A', 80],
  ['OUTD', 'D', 20],
];
/** Chained market dates (Monday to Wednesday) and their 1-month horizon dates. */
const DATES = ['2026-03-02', '2026-03-03', '2026-03-04'];
const HORIZON: Record<string, string> = {
  '2026-03-02': '2026-04-02',
  '2026-03-03': '2026-04-03',
  '2026-03-04': '2026-04-04',
};

let clock = Date.parse('2026-03-05T22:00:00Z');
let harness: IngestionHarness;
let client: DynamoDBDocumentClient;

function score(symbol: string, date: string, grade: DailyScore['grade'], composite: number): DailyScore {
  return { symbol, date, grade, composite, price: 10, factors: [] } as unknown as DailyScore;
}

/** Close of the last served bar on or before `date`. */
function closeOn(bars: readonly ServedBar[], date: string): number {
  return bars.filter((bar) => bar.date <= date).at(-1)?.close as number;
}

beforeAll(async () => {
  harness = await startIngestionHarness({
    stage: STAGE,
    dynamoEndpoint: inject('stack').dynamoEndpoint,
    instruments: INSTRUMENTS,
    watched: INSTRUMENTS.map((instrument) => instrument.symbol),
    now: () => new Date(clock),
  });
  harness.startWorker();
  expect(await harness.planAndDrain()).toBe(true);
  const port = Number(new URL(inject('stack').dynamoEndpoint).port);
  client = DynamoDBDocumentClient.from(localDynamoClient(port), {
    marshallOptions: { removeUndefinedValues: true },
  });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

describe('live outcomes on the provider simulator with a stepped clock', () => {
  it('records each chained date once its month has passed, from the stored bars up to the horizon date', async () => {
    const table = harness.config.TABLE_MARKET;
    const scoreHistory = createScoreHistoryRepository(client, table);
    const gradeChain = createGradeChainRepository(client, table);
    const liveOutcomes = createLiveOutcomeRepository(client, table);
    const bars = createPricesRepository(client, table);
    const engine = { dataMode: 'live' as const };
    for (const date of DATES) {
      for (const [symbol, grade, composite] of GRADED)
        await scoreHistory.putNewDays(symbol, [score(symbol, date, grade, composite)]);
      const next = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);
      await recordGradeChain({ engine, gradeChain, scoreHistory }, { date: next } as never, ['OUTA', 'OUTD']);
    }
    expect((await gradeChain.listEntries()).map((entry) => entry.date)).toEqual(DATES);
    const deps = { engine, gradeChain, liveOutcomes, bars };

    // A month later, the day before the first horizon date is final: nothing is recorded yet.
    clock = Date.parse('2026-04-02T12:00:00Z');
    expect(await harness.planAndDrain()).toBe(true);
    expect(await recordLiveOutcomes(deps, { date: '2026-04-02' })).toEqual([]);
    expect(await liveOutcomes.listOutcomes(1)).toEqual([]);

    // The clock steps past every date's 1-month horizon (the market date 2026-04-07, its bars stored).
    clock = Date.parse('2026-04-07T22:00:00Z');
    expect(await harness.planAndDrain()).toBe(true);
    // Replay records none, whatever the clock.
    expect(
      await recordLiveOutcomes({ ...deps, engine: { dataMode: 'replay' } }, { date: '2026-04-07' }),
    ).toEqual([]);
    const written = await recordLiveOutcomes(deps, { date: '2026-04-07' });
    expect(written.map((outcome) => [outcome.months, outcome.date])).toEqual(DATES.map((date) => [1, date]));
    // Served bars after the horizon dates (2026-04-06, 04-07) exist and are stored, yet unused below.
    expect((await harness.storedBars('OUTA')).at(-1)?.date).toBe('2026-04-07');

    const stored = await liveOutcomes.listOutcomes(1);
    const served = Object.fromEntries(INSTRUMENTS.map((i) => [i.symbol, harness.simulator.bars(i.symbol)]));
    for (const outcome of stored) {
      const horizon = HORIZON[outcome.date] as string;
      expect(outcome.horizon_date).toBe(horizon);
      const percent = (symbol: string) =>
        (closeOn(served[symbol] ?? [], horizon) / closeOn(served[symbol] ?? [], outcome.date) - 1) * 100;
      const spy = percent('SPY');
      for (const [symbol, grade] of GRADED) {
        const observed = outcome.observations.find((o) => o.symbol === symbol);
        expect(observed?.grade).toBe(grade);
        expect(observed?.return).toBeCloseTo(percent(symbol), 9);
        expect(observed?.benchmark_return).toBeCloseTo(spy, 9);
        // One symbol a grade: its mean and median are its return, its hit rate 1 or 0.
        const figures = outcome.grades.find((g) => g.grade === grade);
        expect(figures?.count).toBe(1);
        expect(figures?.mean_return).toBeCloseTo(percent(symbol), 3);
        expect(figures?.median_return).toBeCloseTo(percent(symbol), 3);
        expect(figures?.excess_vs_spy).toBeCloseTo(percent(symbol) - spy, 3);
        expect(figures?.hit_rate).toBe(percent(symbol) > 0 ? 1 : 0);
      }
    }

    // The public route pools the three dates per grade: A's mean is the mean of OUTA's three returns.
    const route = await getGradeChain({ engine, gradeChain, liveOutcomes } as never);
    const month = route.outcomes.find((horizon) => horizon.months === 1);
    expect(month).toMatchObject({ dates: 3, first_date: DATES[0], last_date: DATES[2] });
    const outaReturns = DATES.map(
      (date) =>
        (closeOn(served.OUTA ?? [], HORIZON[date] as string) / closeOn(served.OUTA ?? [], date) - 1) * 100,
    );
    const pooled = month?.grades.find((grade) => grade.grade === 'A');
    expect(pooled?.count).toBe(3);
    expect(pooled?.mean_return).toBeCloseTo(outaReturns.reduce((sum, value) => sum + value, 0) / 3, 3);
    expect(pooled?.median_return).toBeCloseTo([...outaReturns].sort((a, b) => a - b)[1] as number, 3);
    expect(route.outcomes.find((horizon) => horizon.months === 3)).toMatchObject({ dates: 0, grades: [] });

    // Running the step again (a second Lambda, a retry) changes nothing; no longer horizon has passed.
    expect(await recordLiveOutcomes(deps, { date: '2026-04-07' })).toEqual([]);
    expect(await liveOutcomes.listOutcomes(1)).toEqual(stored);
    for (const months of [3, 6, 12]) expect(await liveOutcomes.listOutcomes(months)).toEqual([]);
  }, 180_000);
});
