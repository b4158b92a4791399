import * as z from 'zod';
import { GradeSchema } from '../enums';
import { IsoDateSchema } from './common';
import { FactorNameSchema, InputUnitSchema } from './score-history';

/*
 * What would move a grade (docs/product.md "Counterfactuals"): per factor, the value of its main input
 * that moves the grade one step up and one step down, within that input's realistic range (the 1st to
 * 99th percentile across the graded universe of the market date), or that no realistic value does.
 */

export const GradeShiftSchema = z.object({
  outcome: z.enum(['reachable', 'unreachable']),
  grade: GradeSchema,
  /** The input's value that gives `grade` (as shown: percent to 0.1, a ratio to 0.01); null when unreachable. */
  value: z.number().nullable(),
  /** The sentence, in the caller's language. */
  text: z.string(),
});
export type GradeShift = z.infer<typeof GradeShiftSchema>;

export const FactorCounterfactualSchema = z.object({
  factor: FactorNameSchema,
  /** The factor's main input (a `scoreInputs` term). */
  input: z.string(),
  unit: InputUnitSchema,
  /** The input as graded; null when the symbol has none (nothing is searched). */
  current: z.number().nullable(),
  range: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Null at A+ (up), at D (down), or without an input or a range. */
  up: GradeShiftSchema.nullable(),
  down: GradeShiftSchema.nullable(),
});
export type FactorCounterfactual = z.infer<typeof FactorCounterfactualSchema>;

export const CounterfactualsResponseSchema = z.object({
  symbol: z.string(),
  market_date: IsoDateSchema,
  grade: GradeSchema,
  composite: z.number(),
  /** Symbols of the universe the ranges were read from. */
  universe_size: z.number().int().nonnegative(),
  factors: z.array(FactorCounterfactualSchema),
});
export type CounterfactualsResponse = z.infer<typeof CounterfactualsResponseSchema>;
