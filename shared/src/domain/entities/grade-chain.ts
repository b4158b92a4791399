import * as z from 'zod';
import { IsoDateSchema } from './common';

/*
 * The live track record's chain as the public Track record page shows it (docs/product.md "Track
 * record"; functions/src/engine/README.md "Grade chain"): the head entry's hash, date and formula
 * version, how many market dates the chain holds and since when. Replay keeps no chain: head null.
 */
export const GradeChainHeadSchema = z.object({
  date: IsoDateSchema,
  /** sha256 of the head entry (hex), the value to compare with a verifier's output. */
  hash: z.string(),
  formula_version: z.string(),
  /** Symbols graded on the head's date. */
  grade_count: z.number().int(),
});

/** One grade's live outcomes at one horizon, pooled over the dates recorded (the backtest's definitions). */
export const LiveGradeOutcomeSchema = z.object({
  /** A grade, or 'all'. */
  grade: z.string(),
  count: z.number().int(),
  /** Percent; null without an observation. */
  mean_return: z.number().nullable(),
  median_return: z.number().nullable(),
  /** Mean of the return minus SPY's over the same dates, percent. */
  excess_vs_spy: z.number().nullable(),
  /** Share of returns above 0 (0..1). */
  hit_rate: z.number().nullable(),
});

/** The live outcomes of one horizon: none until a chained date's horizon has passed (dates 0). */
export const LiveHorizonOutcomesSchema = z.object({
  months: z.number().int(),
  /** Chained dates whose outcomes are recorded at this horizon. */
  dates: z.number().int(),
  first_date: IsoDateSchema.nullable(),
  last_date: IsoDateSchema.nullable(),
  grades: z.array(LiveGradeOutcomeSchema),
});
export type LiveHorizonOutcomes = z.infer<typeof LiveHorizonOutcomesSchema>;

export const GradeChainResponseSchema = z.object({
  data_mode: z.enum(['replay', 'live']),
  head: GradeChainHeadSchema.nullable(),
  /** The first market date of the chain; null when it is empty. */
  first_date: IsoDateSchema.nullable(),
  /** Market dates chained. */
  entries: z.number().int(),
  /** The live outcomes per horizon (1, 3, 6, 12 months), recorded once each horizon passed; none in replay. */
  outcomes: z.array(LiveHorizonOutcomesSchema),
});
export type GradeChainResponse = z.infer<typeof GradeChainResponseSchema>;
