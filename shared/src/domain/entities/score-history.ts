import * as z from 'zod';
import { GradeSchema } from '../enums';
import { IsoDateSchema } from './common';
import { DetailLevelSchema } from './market';

/*
 * The score history of one asset (docs/product.md "Score history"): each stored day's grade, composite
 * and factor scores as they were computed that day, what changed between the first and last day of a
 * range, and how far the last day sits from the grades around it.
 */

export const FactorNameSchema = z.enum(['financial_health', 'growth_quality', 'value', 'momentum', 'risk']);
export type FactorName = z.infer<typeof FactorNameSchema>;

export const InputUnitSchema = z.enum(['percent', 'ratio', 'usd', 'flag']);

export const DailyFactorSchema = z.object({
  name: FactorNameSchema,
  score: z.number(),
  status: z.enum(['ok', 'partial', 'no_data']),
  effective_weight: z.number(),
  higher_is_better: z.boolean(),
});
export type DailyFactor = z.infer<typeof DailyFactorSchema>;

export const DailyScoreSchema = z.object({
  date: IsoDateSchema,
  grade: GradeSchema,
  composite: z.number(),
  price: z.number(),
  factors: z.array(DailyFactorSchema),
});
export type DailyScore = z.infer<typeof DailyScoreSchema>;

export const InputChangeSchema = z.object({
  name: z.string(),
  unit: InputUnitSchema,
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** Points the input's move added to its factor's score. */
  factor_points: z.number(),
});
export type InputChange = z.infer<typeof InputChangeSchema>;

export const FactorChangeSchema = z.object({
  name: FactorNameSchema,
  from: z.number(),
  to: z.number(),
  delta: z.number(),
  /** Points the factor's move added to the composite. */
  composite_points: z.number(),
  /** The inputs that moved it, largest effect first: in 'full' answers only. */
  inputs: z.array(InputChangeSchema).optional(),
});
export type FactorChange = z.infer<typeof FactorChangeSchema>;

export const ScoreChangeSchema = z.object({
  from_date: IsoDateSchema,
  to_date: IsoDateSchema,
  grade_from: GradeSchema,
  grade_to: GradeSchema,
  composite_from: z.number(),
  composite_to: z.number(),
  composite_delta: z.number(),
  factors: z.array(FactorChangeSchema),
});
export type ScoreChange = z.infer<typeof ScoreChangeSchema>;

const GradeStepSchema = z.object({ grade: GradeSchema, edge: z.number(), points: z.number() });

export const GradeDistanceSchema = z.object({
  up: GradeStepSchema.nullable(),
  down: GradeStepSchema.nullable(),
  closest: z
    .object({ name: FactorNameSchema, direction: z.enum(['up', 'down']), factor_points: z.number() })
    .nullable(),
});
export type GradeDistanceView = z.infer<typeof GradeDistanceSchema>;

export const ScoreHistoryResponseSchema = z.object({
  symbol: z.string(),
  /** The range answered: `to` is never after the market's date. */
  from: IsoDateSchema,
  to: IsoDateSchema,
  market_date: IsoDateSchema,
  detail_level: DetailLevelSchema,
  /** The stored days of the range, oldest first (never computed at request time). */
  days: z.array(DailyScoreSchema),
  /** From the first to the last stored day of the range; null with fewer than two days. */
  change: ScoreChangeSchema.nullable(),
  /** From the last stored day of the range; null when none is stored. */
  distance: GradeDistanceSchema.nullable(),
});
export type ScoreHistoryResponse = z.infer<typeof ScoreHistoryResponseSchema>;

/** The query: a range of days, `from` on or before `to`; the server defaults to the year before the market date. */
export const ScoreHistoryQuerySchema = z
  .strictObject({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'FIELD_DATE_BEFORE_START' });
    }
  });
