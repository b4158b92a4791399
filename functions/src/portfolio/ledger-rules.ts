import { MAX_LEDGER_TRANSACTIONS } from '@app/shared/domain/entities/ledger';
import { BASE_CURRENCIES } from '@app/shared/domain/ledger/currencies';
import { buildLedgerBook } from '@app/shared/domain/ledger/holdings';
import type { LedgerBook, CostMethod } from '@app/shared/domain/ledger/ledger-book';
import { LedgerError, type LedgerIssue } from '@app/shared/domain/ledger/ledger-errors';
import type { Transaction } from '@app/shared/domain/ledger/transaction';
import { message, type Message } from '@app/shared/messages/message';
import { ConflictError, ValidationError, fieldError } from '../platform/errors';
import type { MarketReading } from '../market-data/market-quotes';
import type { PortfolioMarket } from './portfolio-market';
import { latestCalendarDate } from './holdings-service';
import { UNIVERSE_CURRENCY } from './ledger-market';

/**
 * What a row must satisfy beyond its schema before it is stored (shared/src/domain/ledger/README.md):
 * a date with prices (not after the market date), a symbol of the universe traded in its currency,
 * cash in a currency we have rates for, and a ledger that still adds up (no sale beyond the
 * holding, one currency per holding). Each refusal names the field, by message code.
 */

export function ledgerMessage(issue: Pick<LedgerIssue, 'code' | 'params'>): Message {
  return { code: issue.code, params: issue.params } as unknown as Message;
}

/** The day after which a row has no prices: the replay's date, or today anywhere on Earth live. */
export function latestAllowedDate(reading: MarketReading, now: Date): string {
  return reading.mode === 'replay' ? reading.marketDate.date : latestCalendarDate(now);
}

/** The problems of one row against the market, as issues (for the preview) with the field each names. */
export async function marketIssuesOf(
  row: Transaction,
  latest: string,
  market: Pick<PortfolioMarket, 'findAsset'>,
): Promise<LedgerIssue[]> {
  const issues: LedgerIssue[] = [];
  if (row.date > latest) {
    issues.push({
      field: 'date',
      code: 'LEDGER_DATE_AFTER_MARKET_DATE',
      params: { date: row.date, market_date: latest },
    });
  }
  const symbol = 'symbol' in row ? row.symbol : undefined;
  const currency = 'currency' in row ? row.currency : null;
  if (symbol) {
    const asset = await market.findAsset(symbol);
    if (!asset) issues.push({ field: 'symbol', code: 'LEDGER_SYMBOL_UNKNOWN', params: { symbol } });
    else if (currency !== null && currency !== UNIVERSE_CURRENCY) {
      issues.push({
        field: 'currency',
        code: 'LEDGER_CURRENCY_MISMATCH',
        params: { symbol: asset.symbol, expected: UNIVERSE_CURRENCY, actual: currency },
      });
    }
  } else if (currency !== null && !(BASE_CURRENCIES as readonly string[]).includes(currency)) {
    issues.push({ field: 'currency', code: 'LEDGER_CURRENCY_INVALID', params: {} });
  }
  return issues;
}

/** A request's row: every market problem a 400 naming `body.<field>`. */
export async function checkRowAgainstMarket(
  row: Transaction,
  latest: string,
  market: Pick<PortfolioMarket, 'findAsset'>,
): Promise<void> {
  const issues = await marketIssuesOf(row, latest, market);
  if (issues.length === 0) return;
  throw new ValidationError(
    issues.map((issue) => ({ path: `body.${issue.field ?? 'type'}`, message: ledgerMessage(issue) })),
  );
}

/**
 * Where a whole-ledger refusal points: the request's row (400 on its field), an imported file (400
 * on `body.content`) or nothing the caller sent (409: a delete, a settings change).
 */
export type LedgerProblemTarget = 'body' | 'content' | 'conflict';

const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  LEDGER_SELL_EXCEEDS_HOLDING: 'quantity',
  LEDGER_CURRENCY_MISMATCH: 'currency',
};

/** Replays every row (the rates do not matter here); a ledger that does not add up is refused. */
export function checkLedger(
  rows: readonly Transaction[],
  costMethod: CostMethod,
  target: LedgerProblemTarget,
): LedgerBook {
  if (rows.length > MAX_LEDGER_TRANSACTIONS) {
    throw new ConflictError(message('LEDGER_TOO_MANY_TRANSACTIONS', { maximum: MAX_LEDGER_TRANSACTIONS }));
  }
  try {
    return buildLedgerBook(rows, { baseCurrency: 'USD', costMethod, fx: () => 1 });
  } catch (error: unknown) {
    if (!(error instanceof LedgerError)) throw error;
    const problem = ledgerMessage(error);
    if (target === 'conflict') throw new ConflictError(problem);
    if (target === 'content') throw fieldError('body.content', problem);
    throw fieldError(`body.${FIELD_OF_CODE[error.code] ?? 'date'}`, problem);
  }
}

/** Symbols with a quantity above zero: what the portfolio_assets quota counts. */
export function symbolsHeld(book: LedgerBook): Set<string> {
  return new Set(
    [...book.positions.values()].filter((position) => position.quantity.gt(0)).map((p) => p.symbol),
  );
}
