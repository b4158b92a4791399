import * as z from 'zod';
import { fieldCode } from '../../messages/field-issues';
import { AssetTypeSchema, GradeSchema, HoldingTypeSchema, RecommendationActionSchema } from '../enums';
import { BaseCurrencySchema } from '../ledger/currencies';
import { IsoDateSchema, IsoDateTimeSchema, StoredDateSchema, SymbolSchema } from './common';

/**
 * Where a price comes from: the replayed history or the live feed (a dated quote), or the one-day
 * screener snapshot (a real but undated listing price: `price_as_of` is null). The sites label it.
 */
export const PriceSourceSchema = z.enum(['replay', 'live', 'snapshot']);
export type PriceSource = z.infer<typeof PriceSourceSchema>;

/** Search result (docs/product.md "Entities"). */
export const SearchResultSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  asset_type: AssetTypeSchema,
  current_price: z.number().nullable(),
  price_as_of: IsoDateSchema.nullable().describe('date of the price; null for the undated snapshot price'),
  price_source: PriceSourceSchema.nullable(),
  /** Set when the asset has no price on the market date (a replayed series outside the window). */
  no_data_on: IsoDateSchema.nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 64;
/** docs/product.md "Business rules and limits", limits of lists: search 10 by default. */
export const SEARCH_DEFAULT_LIMIT = 10;
/** The add-asset dialog asks for 8 (docs/product.md "Screens", portfolio). */
export const ADD_ASSET_SEARCH_LIMIT = 8;

export const SearchQuerySchema = z.strictObject({
  q: z.string().trim().min(SEARCH_MIN_LENGTH).max(SEARCH_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(25).default(SEARCH_DEFAULT_LIMIT),
});

/**
 * Upper bounds keep arithmetic exact enough and stop absurd values at the door. Lower bounds too:
 * DynamoDB cannot store a number smaller in magnitude than 1e-130 (a 5e-324 share was a 500), and no
 * asset trades in fractions below a hundred-millionth (a satoshi).
 */
export const SMALLEST_QUANTITY = 0.00000001;
const SharesSchema = z.number().min(SMALLEST_QUANTITY).max(1_000_000_000);
const PurchasePriceSchema = z
  .number()
  .min(0)
  .max(10_000_000)
  .superRefine((price, context) => {
    if (price === 0 || price >= SMALLEST_QUANTITY) return;
    context.addIssue({
      code: 'custom',
      message: 'FIELD_PRICE_TOO_SMALL',
      params: { minimum: SMALLEST_QUANTITY },
    });
  });
/**
 * Purchase dates are calendar days; "not in the future" is checked by the service with its clock (in
 * replay, not after the market clock's date: a purchase must not pair with a price of another era).
 */
const PurchaseDateSchema = IsoDateSchema;

/** Add-asset payload (docs/product.md "Entities"). */
export const AddAssetPayloadSchema = z.strictObject({
  symbol: SymbolSchema,
  shares: SharesSchema,
  purchase_price: PurchasePriceSchema.nullable().optional(),
  purchase_date: PurchaseDateSchema.nullable().optional(),
  asset_type: AssetTypeSchema,
});
export type AddAssetPayload = z.infer<typeof AddAssetPayloadSchema>;

export const EditHoldingPayloadSchema = z
  .strictObject({
    shares: SharesSchema.optional(),
    purchase_price: PurchasePriceSchema.nullable().optional(),
    purchase_date: PurchaseDateSchema.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, fieldCode('FIELD_NOTHING_TO_CHANGE'));
export type EditHoldingPayload = z.infer<typeof EditHoldingPayloadSchema>;

/** Portfolio asset, valued at the latest price (docs/product.md "Entities"). */
export const PortfolioAssetSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  asset_type: AssetTypeSchema,
  shares: z.number(),
  /** Null when the asset has no price on the market date (`no_data_on`). */
  current_price: z.number().nullable(),
  purchase_price: z.number().nullable(),
  /** As stored: a holding from before the calendar's bounds still lists (entities/common.ts). */
  purchase_date: StoredDateSchema.nullable(),
  total_value: z.number().nullable(),
  change_percent: z.number().nullable(),
  change_amount: z.number().nullable(),
  gain_amount: z.number().nullable().describe('total gain against purchase price'),
  gain_percent: z.number().nullable(),
  investment_grade: GradeSchema.nullable(),
  /** The engine's composite rationality score (0-100) of a graded holding; null when it is not graded. */
  rationality_score: z.number().nullable(),
  price_as_of: IsoDateSchema.nullable().describe('date of the price; null for the undated snapshot price'),
  price_source: PriceSourceSchema,
  /** The market date this holding has no price on (its value is then unknown); null when priced. */
  no_data_on: IsoDateSchema.nullable(),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
});
export type PortfolioAsset = z.infer<typeof PortfolioAssetSchema>;

export const PortfolioResponseSchema = z.object({
  /** Every price of the portfolio is read at this date (the market clock's, in replay). */
  market_date: IsoDateSchema,
  /**
   * The currency of every amount and price below: the ledger's base currency, as on the transactions
   * page and the performance route (docs/product.md "One valuation").
   */
  currency: BaseCurrencySchema,
  assets: z.array(PortfolioAssetSchema),
  summary: z.object({
    total_value: z.number(),
    total_cost: z.number().nullable(),
    total_gain: z.number().nullable(),
    day_change_amount: z.number(),
    monthly_return_percent: z.number().nullable(),
    /** The month the return covers: one calendar month back from the market date, to it. */
    monthly_return_period: z.object({ from: IsoDateSchema, to: IsoDateSchema }).nullable(),
    asset_count: z.number().int(),
    by_type: z.record(
      AssetTypeSchema,
      z.object({ total_value: z.number(), count: z.number().int(), percent: z.number() }),
    ),
  }),
  demo: z.boolean(),
});
export type PortfolioResponse = z.infer<typeof PortfolioResponseSchema>;

export const AddAssetResponseSchema = z.object({
  asset: PortfolioAssetSchema,
  name: z.string(),
  merged: z.boolean().describe('true when the symbol was already held and the position was merged'),
  message: z.string(),
});
export type AddAssetResponse = z.infer<typeof AddAssetResponseSchema>;

export const DeleteHoldingResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });

/** A sample holding, shared by the demo portfolio and POST /ai/analyze/portfolio (docs/product.md "Entities"). */
export const PortfolioHoldingSampleSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  type: HoldingTypeSchema.default('other'),
  shares: z.number(),
  currentPrice: z.number(),
  value: z.number(),
  change: z.number(),
  changePercent: z.number(),
  aiRecommendation: z.enum(['HOLD', 'BUY', 'SELL', 'STRONG_BUY']),
  riskScore: z.number().min(4).max(9),
  analysisNote: z.string(),
});

/** Portfolio analysis (advanced_analytics). */
export const PortfolioAnalysisSchema = z.object({
  total_value: z.number(),
  allocation: z.array(z.object({ asset_type: AssetTypeSchema, value: z.number(), percent: z.number() })),
  concentration: z.object({
    largest_position_symbol: z.string().nullable(),
    largest_position_percent: z.number(),
    herfindahl_index: z.number().describe('sum of squared weights, 0-1'),
  }),
  volatility_annualized: z.number().nullable().describe('percent, annualised'),
  max_drawdown: z.number().nullable().describe('percent, <= 0'),
  history_coverage_percent: z
    .number()
    .describe(
      'share of the value whose assets have a price history (volatility and drawdown cover only those)',
    ),
  rationality_score: z.number().nullable(),
  investment_grade: GradeSchema.nullable(),
  speculation_exposure_percent: z.number(),
  holdings: z.array(
    z.object({
      symbol: z.string(),
      weight: z.number(),
      investment_grade: GradeSchema.nullable(),
      recommendation: RecommendationActionSchema.nullable(),
    }),
  ),
  as_of: IsoDateSchema,
  /** The market date every holding was read at. */
  market_date: IsoDateSchema,
});
export type PortfolioAnalysis = z.infer<typeof PortfolioAnalysisSchema>;

export const AnalyzePortfolioPayloadSchema = z.strictObject({
  user_id: z.string().max(128).optional(),
  holdings: z
    .array(
      z.strictObject({
        symbol: SymbolSchema,
        shares: SharesSchema,
        purchase_price: PurchasePriceSchema.nullable().optional(),
      }),
    )
    .min(1)
    .max(200),
});
