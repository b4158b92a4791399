import { render } from '../platform/messages';
import { message } from '@app/shared/messages/message';
import { describe, expect, it } from 'vitest';
import type { UniverseAsset } from '../market-data/universe/build-universe';
import type { ValidationError } from '../platform/errors';
import { checkPurchaseDate, latestCalendarDate, resolveAddableAsset } from './holdings-service';
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

const payload = { symbol: 'AAPL', asset_type: 'stock' as const, shares: 3, purchase_price: 200 };
const NOW = new Date('2026-11-22T12:00:00Z');

/** The paths a refusal names (the add route refuses before it writes anything). */
async function refusedPaths(check: () => unknown): Promise<string[]> {
  try {
    await check();
  } catch (caught: unknown) {
    return (caught as ValidationError).issues.map((issue) => issue.path);
  }
  return [];
}

describe('what an add is checked against before the ledger is written', () => {
  it('refuses an unknown symbol, a mismatched asset type and a future purchase date', async () => {
    expect(await refusedPaths(() => resolveAddableAsset({ ...payload, symbol: 'NOPE' }, { market }))).toEqual(
      ['body.symbol'],
    );
    expect(
      await refusedPaths(() =>
        resolveAddableAsset({ ...payload, asset_type: 'crypto' as never }, { market }),
      ),
    ).toEqual(['body.asset_type']);
    expect(await refusedPaths(() => checkPurchaseDate('2026-11-24', NOW, market.readMarket()))).toEqual([
      'body.purchase_date',
    ]);
  });

  it('in replay, refuses a purchase dated after the replay date, naming the field, and takes the date itself', () => {
    const reading = readingAt('replay', '2017-03-14');
    let refused: ValidationError | null = null;
    try {
      checkPurchaseDate('2017-03-15', NOW, reading);
    } catch (caught: unknown) {
      refused = caught as ValidationError;
    }
    expect(refused?.issues).toEqual([
      {
        path: 'body.purchase_date',
        message: message('FIELD_DATE_AFTER_REPLAY', { field: 'purchase_date', date: '2017-03-14' }),
      },
    ]);
    expect(render(refused!.issues[0]!.message, 'en')).toContain('must not be after the replay date');
    expect(() => checkPurchaseDate('2017-03-14', NOW, reading)).not.toThrow();
  });
});

describe('latestCalendarDate', () => {
  it('is the date in UTC+14, so "today" anywhere on Earth is never in the future', () => {
    expect(latestCalendarDate(new Date('2026-11-22T09:59:59Z'))).toBe('2026-11-22');
    expect(latestCalendarDate(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23');
  });
});
