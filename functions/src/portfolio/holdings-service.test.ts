import { render, rendererFor } from '../platform/messages';
import { message } from '@app/shared/messages/message';
import { describe, expect, it } from 'vitest';
import type { HoldingsRepository, InsertOutcome, StoredHolding } from '../data/holdings-repository';
import type { UniverseAsset } from '../market-data/universe/build-universe';
import type { ValidationError } from '../platform/errors';
import { QuotaExceededError, ConflictError } from '../platform/errors';
import { addHolding, latestCalendarDate, type HoldingsDeps } from './holdings-service';
import type { MarketReading } from '../market-data/market-quotes';
import type { PortfolioMarket } from './portfolio-market';

const apple: UniverseAsset = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  market: 'NASDAQ',
  asset_type: 'stock',
  market_cap: null,
  price_source: 'snapshot',
  snapshot_price: 200,
  snapshot_change_percent: null,
  sector: null,
  industry: null,
};

const facebook: UniverseAsset = { ...apple, symbol: 'FB', name: 'Facebook', price_source: 'quoted' };

/** A market read at `date`: in replay, the market clock's date (live: the day of the request). */
function readingAt(mode: 'replay' | 'live', date: string): MarketReading {
  return {
    mode,
    marketDate: { date, cycle: 0, cycleId: mode, step: 0, startedAtMs: 0, nextAtMs: 60_000 },
    quote: async () => null,
    quotes: async () => new Map(),
    graded: async () => null,
  };
}

function marketAt(reading: MarketReading): PortfolioMarket {
  return {
    findAsset: async (symbol) => ({ AAPL: apple, FB: facebook })[symbol] ?? null,
    search: async () => [apple],
    readMarket: () => reading,
    // The replayed FB has no bar near a 2017 date; AAPL carries its snapshot price.
    marketDataOf: async (asset) => ({
      quote:
        asset.symbol === 'FB'
          ? null
          : { price: 200, as_of: null, change: null, change_percent: null, source: 'snapshot' },
      bars: [],
      analysis: null,
    }),
  };
}

const market = marketAt(readingAt('live', '2026-11-22'));

/** An in-memory repository whose insert answers are scripted, to drive the races the service handles. */
function fakeRepository(insertAnswers: InsertOutcome[], held: StoredHolding[] = []) {
  const positions = [...held];
  const calls = { insert: 0, update: 0 };
  const repository: Pick<HoldingsRepository, 'findBySymbol' | 'insert' | 'update'> = {
    findBySymbol: async (_userId, symbol) => positions.find((position) => position.symbol === symbol) ?? null,
    insert: async (holding) => {
      calls.insert += 1;
      const answer = insertAnswers.shift() ?? 'inserted';
      if (answer === 'inserted') positions.push(holding);
      if (answer === 'symbol_held')
        positions.push({ ...holding, id: 'OTHER', shares: 1, purchase_price: 100 });
      return answer;
    },
    update: async (_userId, holdingId, patch) => {
      calls.update += 1;
      const index = positions.findIndex((position) => position.id === holdingId);
      const updated = { ...(positions[index] as StoredHolding), ...patch, version: 2 };
      positions[index] = updated;
      return { status: 'updated', holding: updated };
    },
  };
  return { repository: repository as HoldingsRepository, positions, calls };
}

function depsWith(
  repository: HoldingsRepository,
  tier: 'FREE' | 'PREMIUM' = 'FREE',
  portfolioMarket: PortfolioMarket = market,
): HoldingsDeps {
  let id = 0;
  return {
    holdings: repository,
    users: { get: async () => ({ subscription_tier: tier }) as never },
    market: portfolioMarket,
    now: () => new Date('2026-11-22T12:00:00Z'),
    newId: () => `01J00000000000000000000${String((id += 1)).padStart(3, '0')}`,
    sleep: async () => undefined,
  };
}

const payload = { symbol: 'AAPL', asset_type: 'stock' as const, shares: 3, purchase_price: 200 };

describe('addHolding', () => {
  it('creates a position when the symbol is new (201)', async () => {
    const { repository, positions } = fakeRepository(['inserted']);
    const result = await addHolding('user-1', payload, depsWith(repository));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ merged: false, name: 'Apple Inc.' });
    expect(render(result.body.message, 'en')).toBe('Apple Inc. has been added to your portfolio.');
    expect(render(result.body.message, 'es')).toBe('Apple Inc. se ha añadido a su cartera.');
    expect(positions).toHaveLength(1);
  });

  it('merges into the position a concurrent add created first (lost the marker race)', async () => {
    const { repository, calls } = fakeRepository(['symbol_held']);
    const result = await addHolding('user-1', payload, depsWith(repository));
    // Held: 1 share at 100; added 3 at 200: (100 + 600) / 4 = 175.
    expect(result.status).toBe(200);
    expect(result.body.merged).toBe(true);
    expect(result.body.asset).toMatchObject({ shares: 4, purchase_price: 175 });
    expect(calls).toEqual({ insert: 1, update: 1 });
  });

  it('refuses at the limit with the upgrade message naming the tier that lifts it', async () => {
    const { repository } = fakeRepository(['quota_exceeded']);
    const error = await addHolding('user-1', payload, depsWith(repository)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).extraFor(rendererFor('fr')).detail).toEqual({
      upgrade_message:
        "Votre formule Gratuite permet au plus 5 actifs en portefeuille. Passez à Premium pour jusqu'à 25 actifs en portefeuille.",
      required_tier: 'PREMIUM',
      user_tier: 'FREE',
    });
  });

  it('retries transaction conflicts, then gives up with a 409', async () => {
    const twice = fakeRepository(['conflict', 'conflict', 'inserted']);
    expect((await addHolding('user-1', payload, depsWith(twice.repository))).status).toBe(201);
    const always = fakeRepository(Array.from({ length: 20 }, () => 'conflict' as const));
    await expect(addHolding('user-1', payload, depsWith(always.repository))).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(always.calls.insert).toBe(8);
  });

  it('refuses an unknown symbol, a mismatched asset type and a future purchase date before writing', async () => {
    const { repository, calls } = fakeRepository([]);
    const deps = depsWith(repository);
    const paths = async (body: typeof payload & { purchase_date?: string }) =>
      (
        (await addHolding('user-1', body, deps).catch((caught: unknown) => caught)) as ValidationError
      ).issues.map((issue) => issue.path);
    expect(await paths({ ...payload, symbol: 'NOPE' })).toEqual(['body.symbol']);
    expect(await paths({ ...payload, asset_type: 'crypto' as never })).toEqual(['body.asset_type']);
    expect(await paths({ ...payload, purchase_date: '2026-11-24' })).toEqual(['body.purchase_date']);
    expect(calls.insert).toBe(0);
  });

  it('in replay, refuses a purchase dated after the replay date, naming the field, and takes the date itself', async () => {
    const { repository, calls } = fakeRepository([]);
    const deps = depsWith(repository, 'FREE', marketAt(readingAt('replay', '2017-03-14')));
    const refused = (await addHolding('user-1', { ...payload, purchase_date: '2017-03-15' }, deps).catch(
      (caught: unknown) => caught,
    )) as ValidationError;
    expect(refused.issues).toEqual([
      {
        path: 'body.purchase_date',
        message: message('FIELD_DATE_AFTER_REPLAY', { field: 'purchase_date', date: '2017-03-14' }),
      },
    ]);
    expect(render(refused.issues[0]!.message, 'en')).toContain('must not be after the replay date');
    expect(calls.insert).toBe(0);
    const accepted = await addHolding('user-1', { ...payload, purchase_date: '2017-03-14' }, deps);
    expect(accepted.status).toBe(201);
  });

  it('refuses an asset with no price on the market date: it could not be valued', async () => {
    const { repository, calls } = fakeRepository([]);
    const deps = depsWith(repository, 'FREE', marketAt(readingAt('replay', '2017-03-14')));
    const refused = (await addHolding('user-1', { ...payload, symbol: 'FB' }, deps).catch(
      (caught: unknown) => caught,
    )) as ValidationError;
    expect(refused.issues).toEqual([
      {
        path: 'body.symbol',
        message: message('PORTFOLIO_NO_PRICE_ON_DATE', { field: 'symbol', symbol: 'FB', date: '2017-03-14' }),
      },
    ]);
    expect(render(refused.issues[0]!.message, 'fr')).toContain('FB n’a pas de cours');
    expect(calls.insert).toBe(0);
  });
});

describe('latestCalendarDate', () => {
  it('is the date in UTC+14, so "today" anywhere on Earth is never in the future', () => {
    expect(latestCalendarDate(new Date('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
    expect(latestCalendarDate(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
  });
});
