import * as z from 'zod';
import { GradeSchema } from '../enums';
import { IsoDateSchema } from './common';
import { FactorNameSchema } from './score-history';

/*
 * Who drives a portfolio's grade (docs/product.md "Portfolio attribution"): the value-weighted
 * composite split into each holding's contribution per factor, in points relative to a neutral 50;
 * 50 plus every contribution is the portfolio's score.
 */

export const FactorPointsSchema = z.object({
  factor: FactorNameSchema,
  /** Composite points added (+) or removed (-), to 4 decimals. */
  points: z.number(),
});

export const HoldingAttributionSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Share of the graded holdings' value, in percent. */
  weight_percent: z.number(),
  composite: z.number(),
  grade: GradeSchema,
  contributions: z.array(FactorPointsSchema),
  points: z.number(),
  /** One sentence, in the caller's language. */
  text: z.string(),
});
export type HoldingAttribution = z.infer<typeof HoldingAttributionSchema>;

export const PortfolioAttributionResponseSchema = z.object({
  market_date: IsoDateSchema,
  /** The value-weighted composite to 4 decimals; null when no holding is graded. */
  score: z.number().nullable(),
  grade: GradeSchema.nullable(),
  neutral: z.number(),
  holdings: z.array(HoldingAttributionSchema),
  factors: z.array(FactorPointsSchema),
  /** Held symbols without a price or a grade on the market date: they weigh nothing. */
  unscored: z.array(z.string()),
});
export type PortfolioAttributionResponse = z.infer<typeof PortfolioAttributionResponseSchema>;
