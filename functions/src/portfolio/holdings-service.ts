import type { AddAssetPayload, AddAssetResponse } from '@app/shared/domain/entities/portfolio';
import { message, type Message } from '@app/shared/messages/message';
import type { HoldingsRepository } from '../data/holdings-repository';
import type { UsersRepository } from '../data/users-repository';
import { fieldError } from '../platform/errors';
import type { PortfolioMarket } from './portfolio-market';
import type { MarketReading } from '../market-data/market-quotes';

/**
 * What an add of a holding is checked against before the ledger records it (holdings-on-ledger.ts,
 * the only writer): the symbol, its asset type, the purchase date; and the add's request shape.
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
export function checkPurchaseDate(date: string | null | undefined, now: Date, reading: MarketReading): void {
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

export async function resolveAddableAsset(payload: AddAssetPayload, deps: Pick<HoldingsDeps, 'market'>) {
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
