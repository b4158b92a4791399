import * as z from 'zod';
import { IsoDateSchema, SymbolSchema } from '../entities/common';
import { CurrencyCodeSchema } from './currencies';
import { ledgerIssuesFromZod, type LedgerIssue } from './ledger-errors';

/**
 * The transactions ledger. Holdings, gains and returns are all derived from these rows; nothing
 * else is stored about a position. Each type carries only the fields that mean something for it,
 * so validation can name the field that is wrong.
 */
export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'SPLIT',
  'FEE',
  'DEPOSIT',
  'WITHDRAWAL',
  'INTEREST',
] as const;
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

/** Same floor as today's holdings: DynamoDB cannot store smaller magnitudes, no asset trades below. */
export const SMALLEST_AMOUNT = 0.00000001;
/** Ceiling of any quantity, price or amount: stops absurd values at the door. */
export const LARGEST_AMOUNT = 1_000_000_000_000;
export const NOTE_MAX_LENGTH = 500;
export const FINGERPRINT_MAX_LENGTH = 128;

const PositiveSchema = z.number().min(SMALLEST_AMOUNT).max(LARGEST_AMOUNT);
const NonNegativeSchema = z.number().min(0).max(LARGEST_AMOUNT);

const CommonFields = {
  /** The trade or payment day; "not after the market date" is checked with the caller's clock. */
  date: IsoDateSchema,
  note: z.string().trim().max(NOTE_MAX_LENGTH).optional(),
  /** Set by import: a re-import of the same broker row is recognised by it and not added twice. */
  import_fingerprint: z.string().min(1).max(FINGERPRINT_MAX_LENGTH).optional(),
};

const TradeFields = {
  ...CommonFields,
  symbol: SymbolSchema,
  quantity: PositiveSchema,
  /** Per unit, in `currency` (the instrument's trading currency). */
  price: NonNegativeSchema,
  /** Commissions and charges of this trade, in `currency`. */
  fee: NonNegativeSchema.default(0),
  /**
   * Taxes of this row, in `currency`, apart from `fee` (README "Taxes"): a transaction tax on a BUY or
   * SELL (inside cost and proceeds like a fee), withholding on a DIVIDEND (off the income).
   */
  tax: NonNegativeSchema.optional(),
  currency: CurrencyCodeSchema,
};

export const BuyTransactionSchema = z.strictObject({
  type: z.literal('BUY'),
  ...TradeFields,
  /**
   * An opening BUY made from a holding that had no purchase price: priced at that day's close, so
   * its cost and gains are estimates and the screens say so.
   */
  estimated: z.boolean().default(false),
});

export const SellTransactionSchema = z.strictObject({ type: z.literal('SELL'), ...TradeFields });

/** Income: `quantity` shares entitled times `price` paid per share, less `fee` (charges) and `tax` (withholding). */
export const DividendTransactionSchema = z.strictObject({
  type: z.literal('DIVIDEND'),
  ...TradeFields,
  price: PositiveSchema,
});

/** `new_shares` for every `old_shares`: a 10-for-1 split is 10 and 1, a 1-for-5 reverse split 1 and 5. */
export const SplitTransactionSchema = z.strictObject({
  type: z.literal('SPLIT'),
  ...CommonFields,
  symbol: SymbolSchema,
  new_shares: PositiveSchema,
  old_shares: PositiveSchema,
});

/** A charge outside a trade (custody, account, connectivity); on a holding when `symbol` is given. */
export const FeeTransactionSchema = z.strictObject({
  type: z.literal('FEE'),
  ...CommonFields,
  symbol: SymbolSchema.optional(),
  amount: PositiveSchema,
  currency: CurrencyCodeSchema,
});

export const DepositTransactionSchema = z.strictObject({
  type: z.literal('DEPOSIT'),
  ...CommonFields,
  amount: PositiveSchema,
  currency: CurrencyCodeSchema,
});

export const WithdrawalTransactionSchema = z.strictObject({
  type: z.literal('WITHDRAWAL'),
  ...CommonFields,
  amount: PositiveSchema,
  currency: CurrencyCodeSchema,
});

/**
 * Interest received (on cash, on a deposit account): income like a dividend, without shares, less
 * `tax` withheld (README "Taxes").
 */
export const InterestTransactionSchema = z.strictObject({
  type: z.literal('INTEREST'),
  ...CommonFields,
  amount: PositiveSchema,
  tax: NonNegativeSchema.optional(),
  currency: CurrencyCodeSchema,
});

/** What a user adds, edits or imports. The stored row adds an id (`LedgerTransactionSchema`). */
export const TransactionDraftSchema = z.discriminatedUnion('type', [
  BuyTransactionSchema,
  SellTransactionSchema,
  DividendTransactionSchema,
  SplitTransactionSchema,
  FeeTransactionSchema,
  DepositTransactionSchema,
  WithdrawalTransactionSchema,
  InterestTransactionSchema,
]);
export type TransactionDraftInput = z.input<typeof TransactionDraftSchema>;
export type Transaction = z.output<typeof TransactionDraftSchema>;
export type BuyTransaction = z.output<typeof BuyTransactionSchema>;
export type SellTransaction = z.output<typeof SellTransactionSchema>;
export type DividendTransaction = z.output<typeof DividendTransactionSchema>;
export type SplitTransaction = z.output<typeof SplitTransactionSchema>;
export type FeeTransaction = z.output<typeof FeeTransactionSchema>;
export type DepositTransaction = z.output<typeof DepositTransactionSchema>;
export type WithdrawalTransaction = z.output<typeof WithdrawalTransactionSchema>;
export type InterestTransaction = z.output<typeof InterestTransactionSchema>;

/** A stored ledger row: the draft plus its id. */
export type LedgerTransaction = Transaction & { id: string };

/** Every field any transaction type may carry, in the order exports write them. */
export const TRANSACTION_FIELDS = [
  'type',
  'date',
  'symbol',
  'quantity',
  'price',
  'fee',
  'tax',
  'currency',
  'amount',
  'new_shares',
  'old_shares',
  'estimated',
  'note',
  'import_fingerprint',
] as const;
export type TransactionField = (typeof TRANSACTION_FIELDS)[number];

export type TransactionValidation =
  { ok: true; transaction: Transaction } | { ok: false; issues: LedgerIssue[] };

/** Validates one transaction, reporting every wrong field by code. */
export function validateTransaction(input: unknown): TransactionValidation {
  const parsed = TransactionDraftSchema.safeParse(input);
  return parsed.success
    ? { ok: true, transaction: parsed.data }
    : { ok: false, issues: ledgerIssuesFromZod(parsed.error, input) };
}

const SCHEMA_BY_TYPE = new Map(
  TransactionDraftSchema.options.map((schema) => [schema.shape.type.value, schema]),
);

/** The fields a transaction of `type` may carry (the keys of its schema). */
export function fieldsOfType(type: TransactionType): ReadonlySet<string> {
  const schema = SCHEMA_BY_TYPE.get(type);
  return new Set(schema ? Object.keys(schema.shape) : []);
}
