import * as z from 'zod';
import { fieldCode } from '../../messages/field-issues';

/** Building blocks shared by the entity schemas. */

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export const IsoDateSchema = z.iso.date();

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
