import * as z from 'zod';
import { AssetTypeSchema, GRADES, GradeSchema, TierSchema } from '../enums';

/**
 * The screener (docs/product.md "Screener"): the graded universe of one market date, filtered, sorted
 * and paginated by the server from the grades the price poll stored for that date.
 */

/** What a row is: a fund when the source gives it an ETF category, else the engine's asset type. */
export const SCREENER_ASSET_TYPES = [...AssetTypeSchema.options, 'etf'] as const;
export const ScreenerAssetTypeSchema = z.enum(SCREENER_ASSET_TYPES);
export type ScreenerAssetType = z.infer<typeof ScreenerAssetTypeSchema>;

/** The factors a row scores on, 0-100 each (null: the factor had no data for the symbol). */
export const SCREENER_FACTORS = ['financial_health', 'growth_quality', 'value', 'momentum'] as const;
export type ScreenerFactor = (typeof SCREENER_FACTORS)[number];

export const SCREENER_SORT_COLUMNS = [
  'symbol',
  'name',
  'asset_type',
  'sector',
  'grade',
  'score',
  'risk_level',
  ...SCREENER_FACTORS,
  'momentum_3m',
  'dividend_yield',
  'price',
  'change_percent',
] as const;
export type ScreenerSortColumn = (typeof SCREENER_SORT_COLUMNS)[number];

/** Filters every plan may use; the others need the catalogue's `screener_filters`. */
export const SCREENER_OPEN_FILTERS = ['asset_type', 'grade_min', 'grade_max'] as const;

const score = z.coerce.number().min(0).max(100);
const riskLevel = z.coerce.number().int().min(0).max(10);
const percent = z.coerce.number().min(-100).max(10_000);
const label = z.string().trim().min(1).max(60);

/** Grades best first (GRADES): a lower index is a better grade. */
const gradeRank = (grade: z.infer<typeof GradeSchema>) => GRADES.indexOf(grade);

/** Each range's two ends: `min` may not exceed `max`. */
const RANGES = [
  ['risk_min', 'risk_max'],
  ['financial_health_min', 'financial_health_max'],
  ['growth_quality_min', 'growth_quality_max'],
  ['value_min', 'value_max'],
  ['momentum_min', 'momentum_max'],
  ['momentum_3m_min', 'momentum_3m_max'],
  ['dividend_yield_min', 'dividend_yield_max'],
] as const;

export const ScreenerQuerySchema = z
  .strictObject({
    asset_type: ScreenerAssetTypeSchema.optional(),
    etf_category: label.optional(),
    sector: label.optional(),
    /** The lowest grade kept (`B` keeps B and better). */
    grade_min: GradeSchema.optional(),
    /** The best grade kept. */
    grade_max: GradeSchema.optional(),
    risk_min: riskLevel.optional(),
    risk_max: riskLevel.optional(),
    financial_health_min: score.optional(),
    financial_health_max: score.optional(),
    growth_quality_min: score.optional(),
    growth_quality_max: score.optional(),
    value_min: score.optional(),
    value_max: score.optional(),
    momentum_min: score.optional(),
    momentum_max: score.optional(),
    /** Price change over three months, in percent. */
    momentum_3m_min: percent.optional(),
    momentum_3m_max: percent.optional(),
    /** Percent; only from a dated source (none in replay: every row has none, so nothing matches). */
    dividend_yield_min: percent.optional(),
    dividend_yield_max: percent.optional(),
    /** Text matched in the symbol and the name, case-insensitive. */
    q: z.string().trim().min(1).max(40).optional(),
    sort: z.enum(SCREENER_SORT_COLUMNS).default('score'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(1000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine((query, context) => {
    for (const [low, high] of RANGES) {
      const min = query[low];
      const max = query[high];
      if (min !== undefined && max !== undefined && min > max) {
        context.addIssue({
          code: 'custom',
          path: [low],
          message: 'FIELD_TOO_LARGE',
          params: { maximum: max },
        });
      }
    }
    if (query.grade_min && query.grade_max && gradeRank(query.grade_min) < gradeRank(query.grade_max)) {
      context.addIssue({ code: 'custom', path: ['grade_min'], message: 'FIELD_INVALID' });
    }
  });
export type ScreenerQuery = z.infer<typeof ScreenerQuerySchema>;

const nullableScore = z.number().min(0).max(100).nullable();

export const ScreenerRowSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  asset_type: ScreenerAssetTypeSchema,
  /** A fund's category (`bonds`, `gold`...); null for anything else. */
  etf_category: z.string().nullable(),
  /** A stock's sector as the source names it; null when unknown and for funds. */
  sector: z.string().nullable(),
  grade: GradeSchema,
  /** The composite rationality score, 0-100. */
  score: z.number(),
  risk_level: z.number().int().min(0).max(10),
  financial_health: nullableScore,
  growth_quality: nullableScore,
  value: nullableScore,
  momentum: nullableScore,
  momentum_3m: z.number().nullable(),
  dividend_yield: z.number().nullable(),
  price: z.number(),
  change_percent: z.number().nullable(),
  /** The bar the price belongs to. */
  as_of: z.string(),
});
export type ScreenerRow = z.infer<typeof ScreenerRowSchema>;

export const ScreenerResponseSchema = z.object({
  /** The market date whose stored grades answer. */
  market_date: z.string(),
  /** False while that date is not graded yet (live mode, or a poll under way): no rows then. */
  graded: z.boolean(),
  /** Rows matching the filters, on every page. */
  total: z.number().int().min(0),
  /** Rows graded on the date, before filters. */
  universe: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  rows: z.array(ScreenerRowSchema),
  tier: TierSchema,
  /** Whether the plan may use the filters beyond asset type and grade range. */
  all_filters: z.boolean(),
  /** The values the category and sector filters can take on the date. */
  etf_categories: z.array(z.string()),
  sectors: z.array(z.string()),
  /** Why dividend yields are missing, in the caller's language; null when a dated source gives them. */
  dividend_yield_note: z.string().nullable(),
});
export type ScreenerResponse = z.infer<typeof ScreenerResponseSchema>;
