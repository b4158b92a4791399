import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPriceSource } from '@app/functions/market-data/price-source';
import { createDocumentClient } from '@app/functions/platform/dynamo-client';
import { createFundamentalsRepository } from '@app/functions/data/fundamentals-repository';
import { addDays, marketDate, tradesOn } from '../provider-simulator/generated-series';
import type { SimulatedInstrument } from '../provider-simulator/instruments';
import { startIngestionHarness, type IngestionHarness } from '../src/ingestion-harness';

/**
 * The ingestion path end to end against DynamoDB Local, the local queue (fauxqs) and the provider
 * simulator: the planner sends, a worker fed by the local consumer fetches, validates and stores.
 * Expected values come from the simulator (what it served), never from the code under test.
 */

const NOW = Date.now();
const today = marketDate('equity', NOW);
const start = addDays(today, -800);

/** The session `count` sessions before today on the NYSE, by the simulator's own session rule. */
function sessionsBefore(count: number): string {
  let date = today;
  for (let found = 0; found < count;) {
    date = addDays(date, -1);
    if (tradesOn('equity', date)) found += 1;
  }
  return date;
}

const staleEnd = sessionsBefore(4);
const nullDays = [sessionsBefore(10), sessionsBefore(20)];

const INSTRUMENTS: SimulatedInstrument[] = [
  { symbol: 'EQA', kind: 'equity', name: 'Equity A (test data)', start },
  { symbol: 'EQBAD', kind: 'equity', name: 'Equity with bad rows (test data)', start },
  { symbol: 'EQSTALE', kind: 'equity', name: 'Equity that stopped (test data)', start, end: staleEnd },
  {
    symbol: 'EQNULL',
    kind: 'equity',
    name: 'Equity with null sessions (test data)',
    start,
    nullSessions: nullDays,
  },
  {
    symbol: 'COINX-USD',
    kind: 'crypto',
    name: 'Coin X (test data)',
    start,
    coinId: 'coin-x',
    notOnYahoo: true,
  },
  { symbol: 'EURJPY=X', kind: 'fx', name: 'EUR/JPY (test data)', start, startPrice: 150 },
];

let harness: IngestionHarness;

beforeAll(async () => {
  harness = await startIngestionHarness({
    stage: 'ingest-e2e',
    dynamoEndpoint: inject('stack').dynamoEndpoint,
    instruments: INSTRUMENTS,
    watched: [...INSTRUMENTS.map((instrument) => instrument.symbol), 'NOPE'],
  });
  // Bad rows after EQBAD's real ones: a negative close, high below low (checked before the dates),
  // a repeated date and an earlier one.
  const lastDay = harness.simulator.bars('EQBAD').at(-1)?.date as string;
  harness.simulator.injectFault({
    provider: 'yahoo',
    symbol: 'EQBAD',
    times: 1,
    fault: {
      kind: 'rows',
      rows: [
        { date: addDays(lastDay, -5), open: 10, high: 11, low: 9, close: -10, volume: 100 },
        { date: addDays(lastDay, -6), open: 10, high: 9, low: 11, close: 10, volume: 100 },
        { date: lastDay, open: 10, high: 11, low: 9, close: 10, volume: 100 },
        { date: addDays(lastDay, -30), open: 10, high: 11, low: 9, close: 10, volume: 100 },
      ],
    },
  });
  harness.startWorker();
  expect(await harness.planAndDrain()).toBe(true);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

describe('ingestion from the provider simulator into the store', () => {
  it('stores two years of a symbol, each served bar once, with its quote and state', async () => {
    const from = addDays(today, -729);
    const served = harness.simulator.bars('EQA').filter((bar) => bar.date >= from);
    const stored = await harness.storedBars('EQA');
    expect(stored.map((bar) => bar.date)).toEqual(served.map((bar) => bar.date));
    expect(stored.map((bar) => [bar.open, bar.high, bar.low, bar.close, bar.volume])).toEqual(
      served.map((bar) => [bar.open, bar.high, bar.low, bar.close, bar.volume]),
    );
    expect(new Set(stored.map((bar) => bar.source))).toEqual(new Set(['yahoo']));
    const state = await harness.series('EQA');
    expect(state).toMatchObject({
      status: 'active',
      as_of: served.at(-1)?.date,
      completeness: 1,
      mode: 'live',
    });
    // Read back through the one read path the API and the engine use.
    const source = createPriceSource(harness.config);
    const quote = await source.provider.getLatestQuote('EQA');
    expect(quote).toMatchObject({
      price: served.at(-1)?.close,
      as_of: served.at(-1)?.date,
      stale: false,
      mode: 'live',
    });
    expect(quote.previous_close).toBe(served.at(-2)?.close);
  });

  it('rejects the bad rows and stores only what the simulator served', async () => {
    const served = harness.simulator.bars('EQBAD').filter((bar) => bar.date >= addDays(today, -729));
    const stored = await harness.storedBars('EQBAD');
    expect(stored.map((bar) => [bar.date, bar.close])).toEqual(served.map((bar) => [bar.date, bar.close]));
    const state = await harness.series('EQBAD');
    expect(state?.quality_flags).toContainEqual(expect.objectContaining({ code: 'REJECTED_BARS', value: 4 }));
  });

  it('flags a series that stopped four sessions ago as stale, and serves its last price marked stale', async () => {
    const state = await harness.series('EQSTALE');
    // Today's session is not counted as missed: the three sessions after the last bar and before today are.
    expect(state).toMatchObject({ as_of: staleEnd, status: 'active' });
    expect(state?.quality_flags).toContainEqual({ code: 'STALE', date: staleEnd, value: 3 });
    const quote = await createPriceSource(harness.config).provider.getLatestQuote('EQSTALE');
    expect(quote).toMatchObject({
      as_of: staleEnd,
      stale: true,
      price: harness.simulator.bars('EQSTALE').at(-1)?.close,
    });
  });

  it('counts null sessions as missing: completeness = present / expected over the last year', async () => {
    const state = await harness.series('EQNULL');
    const asOf = state?.as_of as string;
    let expected = 0;
    for (let date = addDays(asOf, -364); date <= asOf; date = addDays(date, 1))
      if (tradesOn('equity', date)) expected += 1;
    expect(state?.bars_expected).toBe(expected);
    expect(state?.bars_present).toBe(expected - 2);
    expect(state?.completeness).toBeCloseTo((expected - 2) / expected, 4);
    const stored = new Set((await harness.storedBars('EQNULL')).map((bar) => bar.date));
    for (const day of nullDays) expect(stored.has(day)).toBe(false);
  });

  it('marks a symbol no provider lists as unknown and does not ask for it again', async () => {
    expect(await harness.series('NOPE')).toMatchObject({ status: 'unknown' });
    const before = harness.simulator.requests('yahoo').filter((request) => request.symbol === 'NOPE').length;
    await harness.planAndDrain();
    const after = harness.simulator.requests('yahoo').filter((request) => request.symbol === 'NOPE').length;
    expect(before).toBe(1);
    expect(after).toBe(1);
  });

  it('moves a coin Yahoo does not list to CoinGecko (365 days, closes only) and an FX pair stays on Yahoo', async () => {
    const coin = await harness.series('COINX-USD');
    expect(coin).toMatchObject({
      provider: 'coingecko',
      provider_id: 'coin-x',
      status: 'active',
      calendar: 'crypto',
    });
    // Crypto days are UTC days; the free tier's 365 days end today.
    const utcToday = marketDate('crypto', NOW);
    const closedServed = harness.simulator
      .bars('COINX-USD')
      .filter((bar) => bar.closed && bar.date >= addDays(utcToday, -364));
    const stored = (await harness.storedBars('COINX-USD')).filter((bar) => bar.closed);
    expect(stored.map((bar) => [bar.date, bar.close])).toEqual(
      closedServed.map((bar) => [bar.date, bar.close]),
    );
    expect(stored.every((bar) => bar.open === undefined)).toBe(true);
    const fx = await harness.series('EURJPY=X');
    expect(fx).toMatchObject({ provider: 'yahoo', asset_class: 'fx', calendar: 'fx', completeness: 1 });
  });
});

describe('SEC facts and filings', () => {
  it('stores a filer’s facts with their filing dates and its filings, found through the ticker map', async () => {
    const filerNow = () => new Date('2022-12-01T15:00:00Z');
    const secHarness = await startIngestionHarness({
      stage: 'ingest-sec',
      dynamoEndpoint: inject('stack').dynamoEndpoint,
      instruments: [
        {
          symbol: 'TSLA',
          kind: 'equity',
          name: 'Tesla, Inc. (test data)',
          start: '2020-09-01',
          cik: '1318605',
        },
      ],
      watched: ['TSLA'],
      now: filerNow,
    });
    try {
      secHarness.startWorker();
      // First run: the bars and the ticker map; the second plans the company once its CIK can be found.
      await secHarness.planAndDrain();
      await secHarness.planAndDrain();
      expect(await secHarness.series('TSLA')).toMatchObject({ cik: '0001318605' });
      const fundamentals = createFundamentalsRepository(
        createDocumentClient(secHarness.config),
        secHarness.config.TABLE_MARKET,
      );
      const concepts = await fundamentals.listConcepts('0001318605');
      const shares = concepts.find((concept) => concept.tag === 'EntityCommonStockSharesOutstanding');
      // The recorded companyfacts hold 50 values of this tag (fixtures README).
      expect(shares?.facts).toHaveLength(50);
      expect(shares?.facts.find((fact) => fact.accn === '0001564590-20-018984')).toMatchObject({
        filed: '2020-04-28',
        form: '10-K/A',
      });
      const filings = await fundamentals.listFilings('0001318605', '2020-12-01', '2022-12-01');
      expect(filings.map((filing) => [filing.filing_date, filing.form, filing.items.join(',')])).toEqual([
        ['2022-10-24', '10-Q', ''],
        ['2022-10-19', '8-K', '2.02,9.01'],
        ['2022-10-03', '8-K', '2.02,7.01,9.01'],
        ['2022-09-28', '8-K', '5.02,9.01'],
      ]);
    } finally {
      await secHarness.stop();
    }
  });
});
