import * as z from 'zod';
import { fieldCode } from '../../messages/field-issues';

/** Building blocks shared by the entity schemas. */

/**
 * The calendar a request may name: no day before 1900 (nothing the product values is older: the
 * replay's history and every live source start after it) and none after 2099. Every date a client
 * sends goes through these schemas, so a year 1 or 9999 is a 400 naming the field, never a century
 * of daily work; a field with a tighter rule (a transaction not after the market date) checks it on
 * top. The bounds are in each field's JSON Schema too (`formatMinimum`, `formatMaximum`: the OpenAPI
 * document, the security fuzz's out-of-range cases).
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2099-12-31';

/** `day` (the UTC day of a well-formed value) against the bounds, as the field's own message. */
function checkDayInBounds(day: string | null, context: z.RefinementCtx) {
  if (day === null) return;
  if (day < EARLIEST_DATE)
    context.addIssue({
      code: 'custom',
      message: 'FIELD_DATE_BEFORE_MINIMUM',
      params: { minimum: EARLIEST_DATE },
    });
  else if (day > LATEST_DATE)
    context.addIssue({
      code: 'custom',
      message: 'FIELD_DATE_AFTER_MAXIMUM',
      params: { maximum: LATEST_DATE },
    });
}

const DATE_BOUNDS = { formatMinimum: EARLIEST_DATE, formatMaximum: LATEST_DATE };
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .superRefine((value, context) => {
    const time = Date.parse(value);
    checkDayInBounds(Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10), context);
  })
  .meta({ formatMinimum: `${EARLIEST_DATE}T00:00:00Z`, formatMaximum: `${LATEST_DATE}T23:59:59Z` });
export const IsoDateSchema = z.iso
  .date()
  .superRefine((value, context) => checkDayInBounds(DAY_PATTERN.test(value) ? value : null, context))
  .meta(DATE_BOUNDS);

/**
 * A date read back from stored rows, or derived from them, in an answer (a ledger row, the start of a
 * return window): any calendar day, so a row stored before the bounds above can still be listed and
 * corrected. Never for a request: those use `IsoDateSchema`.
 */
export const StoredDateSchema = z.iso.date();

/** Ticker symbols: letters, digits and the separators real tickers use (BRK.B, BTC-USD, ^GSPC, GC=F). */
export const SymbolSchema = z
  .string()
  .trim()
  .min(1)
  .max(15)
  .regex(/^[A-Za-z0-9^][A-Za-z0-9.\-=^]*$/, fieldCode('FIELD_NOT_SYMBOL'))
  .transform((value) => value.toUpperCase());

/** A score on the engine's 0-100 scale. */
export const Score100Schema = z.number().min(0).max(100);

/** Text the product shows in every interface language. */
export const LocalizedTextSchema = z.object({ en: z.string(), fr: z.string(), es: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** Prices are replayed from real history offline and live in the cloud; the UI says which. */
export const DataModeSchema = z.enum(['replay', 'live']);
export type DataMode = z.infer<typeof DataModeSchema>;

/** Opaque pagination cursor (base64url of the last evaluated key). */
export const CursorSchema = z
  .string()
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/, fieldCode('FIELD_NOT_CURSOR'));

export const PageLimitSchema = (defaultValue: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(defaultValue);

export const StatusSchema = z.enum(['success', 'error']);
