import * as z from 'zod';
import { IsoDateSchema, StoredDateSchema } from './common';
import { BaseCurrencySchema, CurrencyCodeSchema } from '../ledger/currencies';
import { AllocationSchema, CostMethodSchema, RETURN_PERIODS } from '../ledger/ledger-vocabulary';
import {
  ColumnMappingSchema,
  IMPORT_FORMATS,
  IMPORT_ROW_STATUSES,
  type MappableField,
} from '../ledger/import/import-vocabulary';
import {
  BuyTransactionSchema,
  DepositTransactionSchema,
  DividendTransactionSchema,
  FeeTransactionSchema,
  InterestTransactionSchema,
  SellTransactionSchema,
  SplitTransactionSchema,
  TransactionDraftSchema,
  WithdrawalTransactionSchema,
} from '../ledger/transaction';

/**
 * The transactions ledger as the API carries it (routes in shared/src/api/routes-ledger.ts; the
 * rules in shared/src/domain/ledger/README.md). Requests reuse the ledger's own schemas, so the
 * server and the sites validate a transaction the same way.
 */

/**
 * One user's ledger holds at most this many rows. Storage sets no bound (one DynamoDB item per row,
 * functions/src/data/ledger-repository.ts); this one keeps a whole ledger's read and replay within a
 * request's time and memory (tested with 50,000 rows: tests/integration/ledger-storage.test.ts).
 */
export const MAX_LEDGER_TRANSACTIONS = 100_000;
/** An uploaded file, as text: 500,000 characters cover years of a broker's history. */
export const MAX_IMPORT_CONTENT_LENGTH = 500_000;
/**
 * The import routes' body limit: the file's text escaped in JSON (quotes, line breaks, characters
 * beyond ASCII) stays under it; the local API adapter stops reading at 2 MiB, a Lambda at 6 MB.
 */
export const MAX_IMPORT_BODY_BYTES = 1_800_000;

/** A stored row's date reads back as stored: a row from before the calendar's bounds can be corrected. */
const WithId = { id: z.string(), date: StoredDateSchema };

/** A stored row: a draft plus its id (a ULID). */
export const LedgerTransactionSchema = z.discriminatedUnion('type', [
  BuyTransactionSchema.extend(WithId),
  SellTransactionSchema.extend(WithId),
  DividendTransactionSchema.extend(WithId),
  SplitTransactionSchema.extend(WithId),
  FeeTransactionSchema.extend(WithId),
  DepositTransactionSchema.extend(WithId),
  WithdrawalTransactionSchema.extend(WithId),
  InterestTransactionSchema.extend(WithId),
]);

export const TransactionBodySchema = TransactionDraftSchema;

export const LedgerSettingsSchema = z.strictObject({
  base_currency: BaseCurrencySchema,
  cost_method: CostMethodSchema,
});
export type LedgerSettingsBody = z.infer<typeof LedgerSettingsSchema>;

export const TransactionsResponseSchema = z.object({
  market_date: IsoDateSchema,
  settings: LedgerSettingsSchema,
  transactions: z.array(LedgerTransactionSchema),
});

export const TransactionParamsSchema = z.strictObject({
  transactionId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9A-Za-z]+$/),
});

const IssueSchema = z.object({
  field: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The issue in the caller's language. */
  text: z.string(),
});

export const ImportBodySchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS),
  content: z.string().max(MAX_IMPORT_CONTENT_LENGTH),
  mapping: ColumnMappingSchema.optional(),
  /** True: one refused row refuses the whole file; by default the valid rows are imported. */
  all_or_nothing: z.boolean().optional(),
});

/** A CSV's header row as the site read it (the mapping screen lists these columns). */
export const HeaderRowSchema = z.array(z.string().trim().max(200)).min(1).max(200);

const SignatureSchema = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * A column mapping to remember for files with this header (a "format": shared/src/domain/ledger/README.md
 * "Import and export"). That every mapped column is one of the header's, and type and date are
 * mapped, is checked beside it (`mappingProblems`), so a saved mapping always reads its files.
 */
export const SaveImportMappingBodySchema = z.strictObject({
  headers: HeaderRowSchema,
  mapping: ColumnMappingSchema,
});

/** Why a mapping cannot read files with `headers`: each problem names its field (`columns.date`). */
export function mappingProblems(
  headers: readonly string[],
  columns: Partial<Record<MappableField, string>>,
): {
  field: MappableField;
  code: 'PORTFOLIO_IMPORT_MAPPING_FIELD_UNMAPPED' | 'PORTFOLIO_IMPORT_MAPPING_COLUMN_UNKNOWN';
  column: string | null;
}[] {
  const known = new Set(headers.map((name) => name.trim().toLowerCase()));
  const problems: ReturnType<typeof mappingProblems> = [];
  for (const field of ['type', 'date'] as const) {
    if (columns[field] === undefined)
      problems.push({ field, code: 'PORTFOLIO_IMPORT_MAPPING_FIELD_UNMAPPED', column: null });
  }
  for (const [field, column] of Object.entries(columns) as [MappableField, string][]) {
    if (!known.has(column.trim().toLowerCase()))
      problems.push({ field, code: 'PORTFOLIO_IMPORT_MAPPING_COLUMN_UNKNOWN', column });
  }
  return problems;
}
export type SaveImportMappingBody = z.infer<typeof SaveImportMappingBodySchema>;

export const ImportMappingSchema = z.object({
  /** `headerSignature(headers)`: the same columns in the same order, whatever their case. */
  signature: SignatureSchema,
  headers: z.array(z.string()),
  mapping: ColumnMappingSchema,
  updated_at: z.string(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** Where the mapping a `mapped-csv` preview used came from. */
export const MAPPING_SOURCES = ['request', 'saved', 'suggested'] as const;

export const ImportPreviewResponseSchema = z.object({
  format: z.string(),
  /**
   * For `mapped-csv`: the file's header, its signature and the mapping the rows were read with (the
   * request's, else the one saved for this header, else a guess from the column names).
   */
  mapping: z
    .object({
      signature: SignatureSchema,
      headers: z.array(z.string()),
      used: ColumnMappingSchema,
      source: z.enum(MAPPING_SOURCES),
    })
    .nullable(),
  /** Rows dated after it are errors: there are no prices for them (the replay's date, or today). */
  market_date: IsoDateSchema,
  file_issues: z.array(IssueSchema),
  rows: z.array(
    z.object({
      row_number: z.number().int(),
      cells: z.record(z.string(), z.string()),
      status: z.enum(IMPORT_ROW_STATUSES),
      transaction: TransactionDraftSchema.nullable(),
      issues: z.array(IssueSchema),
      warnings: z.array(IssueSchema),
    }),
  ),
  summary: z.object({
    rows: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    duplicate: z.number().int(),
    already_imported: z.number().int(),
  }),
});

export const ImportResultSchema = z.object({
  imported: z.number().int().min(0),
  /** Rows not imported: invalid, duplicated in the file, or already in the ledger. */
  skipped: z.number().int().min(0),
  transactions: z.number().int().min(0),
  /** The rows refused (invalid), each with its reasons in the caller's language. */
  refused: z.array(z.object({ row_number: z.number().int(), issues: z.array(IssueSchema) })),
});

export const ExportQuerySchema = z.strictObject({ format: z.enum(['csv', 'json']) });
export const ExportResponseSchema = z.object({
  format: z.enum(['csv', 'json']),
  filename: z.string(),
  content: z.string(),
});

/** The default benchmark: the S&P 500, the index every replay and live source has. */
export const DEFAULT_BENCHMARK = '^GSPC';

export const BenchmarksResponseSchema = z.object({
  market_date: IsoDateSchema,
  default: z.string(),
  /** The indices the market data holds up to the market date; the only choices the site offers. */
  indices: z.array(
    z.object({ symbol: z.string(), name: z.string(), first_date: IsoDateSchema, last_date: IsoDateSchema }),
  ),
});
export type BenchmarksResponse = z.infer<typeof BenchmarksResponseSchema>;

export const PerformanceQuerySchema = z.strictObject({
  /** An index of the universe (`^GSPC`, the S&P 500, by default). */
  benchmark: z.string().trim().min(1).max(20).default(DEFAULT_BENCHMARK),
});

const GainSchema = z.object({
  gain_base: z.number(),
  price_effect_base: z.number(),
  currency_effect_base: z.number(),
});

const CodeOrNull = z.string().nullable();

export const PerformanceResponseSchema = z.object({
  market_date: IsoDateSchema,
  base_currency: BaseCurrencySchema,
  cost_method: CostMethodSchema,
  cash_tracked: z.boolean(),
  distinct_symbols_held: z.number().int().min(0),
  holdings: z.array(
    z.object({
      symbol: z.string(),
      currency: CurrencyCodeSchema.nullable(),
      quantity: z.number(),
      estimated: z.boolean(),
      cost_base: z.number(),
      average_cost_local: z.number().nullable(),
      price: z.number().nullable(),
      price_date: IsoDateSchema.nullable(),
      price_source: z.enum(['close', 'transaction']).nullable(),
      value_base: z.number(),
      unrealised: GainSchema,
      realised: GainSchema,
      dividends_base: z.number(),
      fees_base: z.number(),
      total_gain_base: z.number(),
    }),
  ),
  /**
   * Open positions without a dated close on or before the market date (docs/product.md "One
   * valuation"): listed with their quantity, valued nowhere and counted in no total, as the portfolio
   * page shows them ("No data on <date>").
   */
  unpriced_holdings: z.array(
    z.object({ symbol: z.string(), quantity: z.number(), no_data_on: IsoDateSchema }),
  ),
  totals: z.object({
    value_base: z.number(),
    securities_value_base: z.number(),
    cash_value_base: z.number(),
    cost_base: z.number(),
    unrealised: GainSchema,
    realised: GainSchema,
    dividends_base: z.number(),
    /** INTEREST rows received, net of withholding (in total_gain_base). */
    interest_base: z.number(),
    fees_paid_base: z.number(),
    total_gain_base: z.number(),
  }),
  returns: z.array(
    z.object({
      period: z.enum(RETURN_PERIODS),
      /** The day before the first transaction for Max (1899-12-31 for a ledger from 1900-01-01). */
      start: StoredDateSchema,
      end: IsoDateSchema,
      covers_full_period: z.boolean(),
      time_weighted: z.number().nullable(),
      time_weighted_annualised: z.number().nullable(),
      money_weighted: z.number().nullable(),
      money_weighted_annualised: z.number().nullable(),
      unavailable: z.object({ time_weighted: CodeOrNull, money_weighted: CodeOrNull }),
    }),
  ),
  /** Where the value is at the market date: by asset type, sector and currency (ledger/allocation.ts). */
  allocation: AllocationSchema,
  /** Weekly points since the first transaction (and the last day): value, capital in, the index path. */
  series: z.array(
    z.object({
      date: IsoDateSchema,
      value_base: z.number(),
      invested_base: z.number(),
      /** The same money in and out of the benchmark index on the same days; null before its first level. */
      benchmark_value_base: z.number().nullable(),
    }),
  ),
  benchmark: z
    .object({
      symbol: z.string(),
      period: z.enum(RETURN_PERIODS),
      start: StoredDateSchema,
      end: IsoDateSchema,
      portfolio_time_weighted: z.number().nullable(),
      benchmark_time_weighted: z.number().nullable(),
      unavailable: CodeOrNull,
    })
    .nullable(),
});
export type PerformanceResponse = z.infer<typeof PerformanceResponseSchema>;
