import type {
  AddAssetPayload,
  AddAssetResponse,
  EditHoldingPayload,
  PortfolioAsset,
} from '@app/shared/domain/entities/portfolio';
import type { Tier } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { HoldingsRepository, StoredHolding } from '../data/holdings-repository';
import type { UsersRepository } from '../data/users-repository';
import { ConflictError, NotFoundError, QuotaExceededError, fieldError } from '../platform/errors';
import { currentRequestScope } from '../platform/request-scope';
import { liftingTierFor, tierLimits, upgradeMessageFor } from '../entitlements/feature-gate';
import type { PortfolioMarket } from './portfolio-market';
import type { MarketReading } from '../market-data/market-quotes';
import { valueOne } from './portfolio-view';
import { mergeLots } from './valuation';

/**
 * The portfolio's writes: add (with the quota and the merge), edit and remove. Plain functions of
 * their dependencies; the handler only adapts HTTP. What the portfolio shows: portfolio-view.ts.
 */

export interface HoldingsDeps {
  holdings: HoldingsRepository;
  users: Pick<UsersRepository, 'get'>;
  market: PortfolioMarket;
  now: () => Date;
  newId: () => string;
  /** Pause between retries of a write that lost a race (injected so tests do not wait). */
  sleep?: (milliseconds: number) => Promise<void>;
}

/** Attempts of an add or a remove that keeps losing races (transaction conflicts, concurrent merges). */
export const MAX_WRITE_ATTEMPTS = 8;

const defaultSleep = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** Exponential backoff with full jitter: spreads retries of concurrent requests so they stop colliding. */
function backoffMilliseconds(attempt: number): number {
  return Math.random() * Math.min(400, 15 * 2 ** attempt);
}

async function tierOf(userId: string, deps: Pick<HoldingsDeps, 'users'>): Promise<Tier> {
  const user = await deps.users.get(userId);
  const tier = user?.subscription_tier ?? 'FREE';
  const scope = currentRequestScope();
  if (scope) scope.tier = tier;
  return tier;
}

/**
 * The latest calendar date anywhere on Earth (UTC+14): a purchase dated "today" by a user in Kiribati
 * is not in the future, even though it is still yesterday in UTC.
 */
export function latestCalendarDate(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A purchase date is not in the future. In replay the present is the market clock's date: a lot
 * bought after it would pair a price of one era with a price of another (docs/product.md, and
 * market-data/README.md "The market clock").
 */
function checkPurchaseDate(date: string | null | undefined, now: Date, reading: MarketReading): void {
  if (!date) return;
  if (reading.mode === 'replay' && date > reading.marketDate.date) {
    throw fieldError(
      'body.purchase_date',
      message('FIELD_DATE_AFTER_REPLAY', { field: 'purchase_date', date: reading.marketDate.date }),
    );
  }
  if (date > latestCalendarDate(now)) {
    throw fieldError('body.purchase_date', message('FIELD_DATE_IN_FUTURE', { field: 'purchase_date' }));
  }
}

async function resolveAddableAsset(payload: AddAssetPayload, deps: Pick<HoldingsDeps, 'market'>) {
  const asset = await deps.market.findAsset(payload.symbol);
  if (!asset) {
    throw fieldError(
      'body.symbol',
      message('PORTFOLIO_UNKNOWN_SYMBOL', { field: 'symbol', symbol: payload.symbol }),
    );
  }
  if (asset.asset_type !== payload.asset_type) {
    throw fieldError(
      'body.asset_type',
      message('PORTFOLIO_WRONG_ASSET_TYPE', {
        field: 'asset_type',
        symbol: asset.symbol,
        expected: asset.asset_type,
      }),
    );
  }
  if (asset.price_source === 'snapshot' && asset.snapshot_price === null) {
    throw fieldError(
      'body.symbol',
      message('PORTFOLIO_NO_PRICE_TO_VALUE', { field: 'symbol', symbol: asset.symbol }),
    );
  }
  return asset;
}

/**
 * A type alias, not an interface, so it stays assignable to JSON (it is stored as an idempotency
 * record). The notice is a message: a retry in another language reads it in that language.
 */
export type AddHoldingResult = {
  /** 201 for a new position, 200 when the lot was merged into a held one. */
  status: 201 | 200;
  body: Omit<AddAssetResponse, 'message'> & { message: Message };
};

/** The add payload with its optional fields made explicit: what an Idempotency-Key is bound to. */
export type AddHoldingRequest = {
  symbol: string;
  asset_type: AddAssetPayload['asset_type'];
  shares: number;
  purchase_price: number | null;
  purchase_date: string | null;
};

export function toAddHoldingRequest(payload: AddAssetPayload): AddHoldingRequest {
  return {
    symbol: payload.symbol,
    asset_type: payload.asset_type,
    shares: payload.shares,
    purchase_price: payload.purchase_price ?? null,
    purchase_date: payload.purchase_date ?? null,
  };
}

/**
 * Adds a lot. A new symbol creates a position and consumes one portfolio_assets unit in the same
 * transaction (refused at the tier's limit: 403 naming the tier that lifts it). A held symbol merges
 * into its position (weighted average purchase price) with a write conditioned on the version read,
 * and consumes nothing. Lost races (a concurrent add of the same symbol, a transaction conflict, a
 * concurrent merge) are retried.
 */
export async function addHolding(
  userId: string,
  payload: AddAssetPayload,
  deps: HoldingsDeps,
): Promise<AddHoldingResult> {
  const now = deps.now();
  const reading = deps.market.readMarket();
  checkPurchaseDate(payload.purchase_date, now, reading);
  const asset = await resolveAddableAsset(payload, deps);
  // The price must be available now: a position we cannot value must not be created.
  const data = await deps.market.marketDataOf(asset, reading);
  if (!data.quote) {
    throw fieldError(
      'body.symbol',
      message('PORTFOLIO_NO_PRICE_ON_DATE', {
        field: 'symbol',
        symbol: asset.symbol,
        date: reading.marketDate.date,
      }),
    );
  }
  const tier = await tierOf(userId, deps);
  const limit = tierLimits(tier).portfolio_assets;
  const lot = {
    shares: payload.shares,
    purchase_price: payload.purchase_price ?? null,
    purchase_date: payload.purchase_date ?? null,
  };
  const sleep = deps.sleep ?? defaultSleep;

  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(backoffMilliseconds(attempt));
    const held = await deps.holdings.findBySymbol(userId, asset.symbol);
    if (held) {
      const merged = await mergeIntoHeld(userId, held, lot, deps);
      if (merged) return merged;
      continue;
    }
    const timestamp = deps.now().toISOString();
    const holding: StoredHolding = {
      id: deps.newId(),
      user_id: userId,
      symbol: asset.symbol,
      name: asset.name,
      asset_type: asset.asset_type,
      ...lot,
      created_at: timestamp,
      updated_at: timestamp,
      version: 1,
    };
    const outcome = await deps.holdings.insert(holding, limit, deps.now());
    if (outcome === 'inserted') {
      return {
        status: 201,
        body: {
          asset: await valueOne(holding, deps, reading),
          name: asset.name,
          merged: false,
          message: message('PORTFOLIO_ASSET_ADDED', { name: asset.name }),
        },
      };
    }
    if (outcome === 'quota_exceeded') {
      throw new QuotaExceededError(
        upgradeMessageFor(tier, 'portfolio_assets'),
        liftingTierFor(tier, 'portfolio_assets'),
        tier,
      );
    }
    // 'symbol_held' (merge on the next pass) or 'conflict' (retry after a pause).
  }
  throw new ConflictError(message('PORTFOLIO_CHANGED_DURING_ADD'));
}

async function mergeIntoHeld(
  userId: string,
  held: StoredHolding,
  lot: { shares: number; purchase_price: number | null; purchase_date: string | null },
  deps: HoldingsDeps,
): Promise<AddHoldingResult | null> {
  const merged = mergeLots(held, lot);
  const outcome = await deps.holdings.update(userId, held.id, merged, deps.now(), held.version);
  if (outcome.status !== 'updated') return null;
  const price =
    merged.purchase_price === null
      ? message('PORTFOLIO_AVERAGE_PRICE_UNKNOWN')
      : message('PORTFOLIO_AVERAGE_PRICE', { price: merged.purchase_price });
  return {
    status: 200,
    body: {
      asset: await valueOne(outcome.holding, deps),
      name: held.name,
      merged: true,
      message: message('PORTFOLIO_LOT_MERGED', {
        symbol: held.symbol,
        added: lot.shares,
        total: merged.shares,
        price,
      }),
    },
  };
}

export async function editHolding(
  userId: string,
  holdingId: string,
  patch: EditHoldingPayload,
  deps: Pick<HoldingsDeps, 'holdings' | 'market' | 'now'>,
): Promise<PortfolioAsset> {
  checkPurchaseDate(patch.purchase_date, deps.now(), deps.market.readMarket());
  const outcome = await deps.holdings.update(userId, holdingId, patch, deps.now());
  // The key is the caller's partition: another user's holding id is simply not found there (404, never 403).
  if (outcome.status !== 'updated') throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
  return valueOne(outcome.holding, deps);
}

export async function removeHolding(
  userId: string,
  holdingId: string,
  deps: Pick<HoldingsDeps, 'holdings' | 'now' | 'sleep'>,
): Promise<{ deleted: true; id: string }> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(backoffMilliseconds(attempt));
    const holding = await deps.holdings.get(userId, holdingId);
    if (!holding) throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
    const outcome = await deps.holdings.remove(holding, deps.now());
    if (outcome === 'removed') return { deleted: true, id: holdingId };
    if (outcome === 'missing') throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
  }
  throw new ConflictError(message('PORTFOLIO_CHANGED_DURING_REMOVE'));
}
