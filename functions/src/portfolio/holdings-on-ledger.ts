import type {
  AddAssetPayload,
  EditHoldingPayload,
  PortfolioAsset,
} from '@app/shared/domain/entities/portfolio';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { message } from '@app/shared/messages/message';
import { ConflictError, NotFoundError, fieldError } from '../platform/errors';
import { checkLedger } from './ledger-rules';
import { checkPurchaseDate, resolveAddableAsset, type AddHoldingResult } from './holdings-service';
import { closeOnOrBefore, UNIVERSE_CURRENCY } from './ledger-market';
import { changeLedger, type LedgerStoreDeps } from './ledger-store';
import { valueOne } from './portfolio-view';

/**
 * The holdings routes: the ledger is the only way a portfolio changes (docs/product.md "One valuation"),
 * so adding a holding records a BUY, removing one deletes the symbol's transactions, and editing one
 * edits its BUY when it has only one. A user's holdings from before the ledger become opening BUY rows
 * on first use (ledger-store.ts `loadLedger`); the holdings rows are derived (ledger-projection.ts).
 */

/** A BUY at the purchase price on the purchase date (else the market date); no price: the day's close, estimated. */
export async function addHoldingAsBuy(
  userId: string,
  payload: AddAssetPayload,
  deps: LedgerStoreDeps,
): Promise<AddHoldingResult> {
  const reading = deps.market.readMarket();
  checkPurchaseDate(payload.purchase_date, deps.now(), reading);
  const asset = await resolveAddableAsset(payload, deps);
  const date = payload.purchase_date ?? reading.marketDate.date;
  if (asset.price_source === 'quoted' && !(await deps.market.marketDataOf(asset, reading)).quote) {
    // A replayed series with no bar near the market date (not listed yet): it could not be valued.
    throw fieldError(
      'body.symbol',
      message('PORTFOLIO_NO_PRICE_ON_DATE', {
        field: 'symbol',
        symbol: asset.symbol,
        date: reading.marketDate.date,
      }),
    );
  }
  const close =
    payload.purchase_price == null ? await closeOnOrBefore(deps.engine, asset.symbol, date) : null;
  // Without a dated close the listing's undated price is the estimate of the price paid (flagged
  // estimated); it never values the holding (portfolio-valuation.ts).
  const price = payload.purchase_price ?? close ?? asset.snapshot_price ?? 0;
  const row: LedgerTransaction = {
    id: deps.newId(),
    type: 'BUY',
    date,
    symbol: asset.symbol,
    quantity: payload.shares,
    price,
    fee: 0,
    currency: UNIVERSE_CURRENCY,
    estimated: payload.purchase_price == null,
  };
  // Held or not is read from the ledger the write is based on, so concurrent adds of a new symbol
  // create it once (201) and merge the others (200).
  const wasHeld = await changeLedger(userId, deps, (ledger) => ({
    transactions: [...ledger.transactions, row],
    target: 'body',
    result:
      checkLedger(ledger.transactions, ledger.cost_method, 'conflict')
        .positions.get(asset.symbol)
        ?.quantity.gt(0) ?? false,
  }));
  const valued = await valueOne(userId, asset.symbol, deps, reading);
  return {
    status: wasHeld ? 200 : 201,
    body: {
      asset: valued,
      name: asset.name,
      merged: wasHeld,
      message: wasHeld
        ? message('PORTFOLIO_LOT_MERGED', {
            symbol: asset.symbol,
            added: payload.shares,
            total: valued.shares,
            price: message('PORTFOLIO_AVERAGE_PRICE', { price: valued.purchase_price ?? price }),
          })
        : message('PORTFOLIO_ASSET_ADDED', { name: asset.name }),
    },
  };
}

/**
 * A position that is one BUY (an opening row, or a single add) is edited through that row: shares,
 * price and date are its quantity, price and date; no price means that day's close, estimated. A
 * position of several rows has no single price or date to edit: 409 pointing at its transactions.
 */
export async function editHoldingOnLedger(
  userId: string,
  holdingId: string,
  patch: EditHoldingPayload,
  deps: LedgerStoreDeps,
): Promise<PortfolioAsset> {
  const holding = await deps.holdings.get(userId, holdingId);
  if (!holding) throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
  const reading = deps.market.readMarket();
  checkPurchaseDate(patch.purchase_date, deps.now(), reading);
  await changeLedger(userId, deps, async (ledger) => {
    const rows = ledger.transactions.filter((row) => 'symbol' in row && row.symbol === holding.symbol);
    const [only] = rows;
    if (rows.length !== 1 || only?.type !== 'BUY') {
      throw new ConflictError(message('PORTFOLIO_EDIT_IN_TRANSACTIONS', { symbol: holding.symbol }));
    }
    const date = patch.purchase_date ?? only.date;
    const estimated = patch.purchase_price === undefined ? only.estimated : patch.purchase_price === null;
    const close =
      patch.purchase_price === null ? await closeOnOrBefore(deps.engine, holding.symbol, date) : null;
    const edited: LedgerTransaction = {
      ...only,
      quantity: patch.shares ?? only.quantity,
      price: patch.purchase_price ?? close ?? only.price,
      date,
      estimated,
    };
    return {
      transactions: ledger.transactions.map((row) => (row.id === only.id ? edited : row)),
      target: 'body',
      result: null,
    };
  });
  return valueOne(userId, holding.symbol, deps, reading);
}

export async function removeHoldingTransactions(userId: string, holdingId: string, deps: LedgerStoreDeps) {
  const holding = await deps.holdings.get(userId, holdingId);
  if (!holding) throw new NotFoundError(message('PORTFOLIO_HOLDING_NOT_FOUND'));
  return changeLedger(userId, deps, (ledger) => ({
    transactions: ledger.transactions.filter((row) => !('symbol' in row) || row.symbol !== holding.symbol),
    target: 'conflict',
    result: { deleted: true as const, id: holdingId },
  }));
}
