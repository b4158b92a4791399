import * as z from 'zod';
import { GRADES, GradeSchema } from '../enums';
import { fieldCode } from '../../messages/field-issues';
import { IsoDateSchema, IsoDateTimeSchema, SymbolSchema } from './common';
import { LimitSchema } from './subscription';

/**
 * Watchlists (docs/product.md "Watchlists"): named lists of symbols an investor follows without
 * holding them. Each entry keeps the grade and market date it was added at, so the list shows the
 * change of grade since; a list may raise an alert (existing alert types and channels) when a watched
 * symbol's grade changes. How many lists and symbols a plan keeps is the tier catalogue's
 * `watchlists` and `watchlist_symbols`.
 */

/** A list's name: 1 to 60 characters after trimming, no control characters. */
export const WatchlistNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/, fieldCode('FIELD_BAD_FORMAT'));

export const CreateWatchlistPayloadSchema = z.strictObject({
  name: WatchlistNameSchema,
  /** Alert on a change of grade of any symbol of the list (default on). */
  grade_alerts: z.boolean().default(true),
});
export type CreateWatchlistPayload = z.infer<typeof CreateWatchlistPayloadSchema>;

export const UpdateWatchlistPayloadSchema = z
  .strictObject({ name: WatchlistNameSchema.optional(), grade_alerts: z.boolean().optional() })
  .refine((value) => Object.keys(value).length > 0, fieldCode('FIELD_NOTHING_TO_CHANGE'));
export type UpdateWatchlistPayload = z.infer<typeof UpdateWatchlistPayloadSchema>;

export const AddWatchlistSymbolPayloadSchema = z.strictObject({ symbol: SymbolSchema });

/** Steps of the grade scale between two grades: positive when the grade improved (D to C is +1). */
export function gradeSteps(from: z.infer<typeof GradeSchema>, to: z.infer<typeof GradeSchema>): number {
  return GRADES.indexOf(from) - GRADES.indexOf(to);
}

export const WatchlistEntrySchema = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  added_at: IsoDateTimeSchema,
  /** The market date and the grade the symbol had when it was added (null: not graded then). */
  added_market_date: IsoDateSchema,
  added_grade: GradeSchema.nullable(),
  /** At the market date now; null without data on it. */
  price: z.number().nullable(),
  change_percent: z.number().nullable(),
  grade: GradeSchema.nullable(),
  /** Grade steps since it was added (positive: better); null when either grade is unknown. */
  grade_change: z.number().int().nullable(),
});
export type WatchlistEntry = z.infer<typeof WatchlistEntrySchema>;

export const WatchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  grade_alerts: z.boolean(),
  created_at: IsoDateTimeSchema,
  entries: z.array(WatchlistEntrySchema),
  /** Symbols the list holds and the plan's cap per list (-1 unlimited). */
  used: z.number().int().min(0),
  limit: LimitSchema,
});
export type Watchlist = z.infer<typeof WatchlistSchema>;

export const WatchlistsResponseSchema = z.object({
  market_date: IsoDateSchema,
  lists: z.array(WatchlistSchema),
  /** Lists the account keeps and the plan's cap (-1 unlimited). */
  used: z.number().int().min(0),
  limit: LimitSchema,
  /** The plan's cap on symbols per list (-1 unlimited). */
  symbols_limit: LimitSchema,
});
export type WatchlistsResponse = z.infer<typeof WatchlistsResponseSchema>;
