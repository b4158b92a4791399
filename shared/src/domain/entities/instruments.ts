import * as z from 'zod';
import { AssetTypeSchema, GradeSchema } from '../enums';
import { IsoDateSchema, IsoDateTimeSchema } from './common';
import { PriceSourceSchema } from './portfolio';

/**
 * What the store holds for one listed symbol, and so what a person can be shown (docs/product.md
 * "Any asset"):
 * - `ready`: stored prices and a grade;
 * - `pending`: an on-demand backfill is on its way (live mode); poll until it is not;
 * - `not_fetched`: listed, nothing stored yet; POST .../fetch asks for it (live mode);
 * - `live_only`: listed, but the replay has no history of it: available in live mode;
 * - `no_history`: the source has no price history for it;
 * - `delisted`: the source stopped quoting it (since `last_date`).
 */
export const INSTRUMENT_DATA_STATES = [
  'ready',
  'pending',
  'not_fetched',
  'live_only',
  'no_history',
  'delisted',
] as const;
export const InstrumentDataStateSchema = z.enum(INSTRUMENT_DATA_STATES);
export type InstrumentDataState = z.infer<typeof InstrumentDataStateSchema>;

export const InstrumentStatusSchema = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  asset_type: AssetTypeSchema.nullable(),
  data_mode: z.enum(['replay', 'live']),
  state: InstrumentDataStateSchema,
  /** Why there is no grade (live_only, no_history, delisted, pending), in the caller's language. */
  reason: z.string().nullable(),
  reason_code: z.string().nullable(),
  /** When the on-demand backfill was asked for (live mode). */
  requested_at: IsoDateTimeSchema.nullable(),
  progress: z
    .object({
      /** Daily bars stored so far over the last year. */
      bars_stored: z.number().int().min(0),
      /** `fetched`: the SEC's facts and filings were read (an ETF trust's may hold no financial statements). */
      fundamentals: z.enum(['waiting', 'fetched', 'not_a_filer', 'not_applicable']),
    })
    .nullable(),
  quote: z
    .object({ price: z.number(), as_of: IsoDateSchema, source: z.string(), mode: PriceSourceSchema })
    .nullable(),
  grade: GradeSchema.nullable(),
  composite_score: z.number().nullable(),
  last_date: IsoDateSchema.nullable(),
});
export type InstrumentStatus = z.infer<typeof InstrumentStatusSchema>;
