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

export const GradeChainResponseSchema = z.object({
  data_mode: z.enum(['replay', 'live']),
  head: GradeChainHeadSchema.nullable(),
  /** The first market date of the chain; null when it is empty. */
  first_date: IsoDateSchema.nullable(),
  /** Market dates chained. */
  entries: z.number().int(),
});
export type GradeChainResponse = z.infer<typeof GradeChainResponseSchema>;
