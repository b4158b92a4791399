import * as z from 'zod';
import { CurrencyCodeSchema } from '../currencies';
import { TRANSACTION_FIELDS, TransactionTypeSchema } from '../transaction';
import { DateFormatSchema, DECIMAL_SEPARATORS } from './parse-values';

/**
 * The import's names and schemas the HTTP contract carries, apart from the readers (papaparse, the
 * presets, fingerprints): the contract imports these without pulling the readers into every page.
 */

/** The files the import understands: four broker presets, our own exports, and any CSV through a mapping. */
export const IMPORT_FORMATS = [
  'interactive-brokers',
  'degiro',
  'trading-212',
  'ghostfolio',
  'ledger-csv',
  'ledger-json',
  'mapped-csv',
] as const;
export const ImportFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

export const IMPORT_ROW_STATUSES = ['valid', 'invalid', 'duplicate', 'already_imported'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * A CSV in any layout, read through a column mapping the user chose in the preview (and the API
 * remembers per format, keyed by `headerSignature`). Our own CSV export is one such mapping.
 */
export const MAPPABLE_FIELDS = [...TRANSACTION_FIELDS, 'reference'] as const;
export const MappableFieldSchema = z.enum(MAPPABLE_FIELDS);
export type MappableField = z.infer<typeof MappableFieldSchema>;

/** At most this many words of the file for the transaction types. */
export const MAX_TYPE_WORDS = 50;

export const ColumnMappingSchema = z.strictObject({
  /** Our field -> the file's column name. `type` and `date` are required. */
  columns: z.partialRecord(MappableFieldSchema, z.string().trim().min(1).max(200)),
  /** The file's words for each type ("Market buy" -> BUY); our own names are always understood. */
  type_values: z
    .record(z.string().trim().min(1).max(100), TransactionTypeSchema)
    .superRefine((values, context) => {
      // A saved mapping is one DynamoDB item: a bound on the words keeps it far under 400 KB.
      if (Object.keys(values).length > MAX_TYPE_WORDS) {
        context.addIssue({
          code: 'custom',
          message: 'FIELD_TOO_MANY_ITEMS',
          params: { maximum: MAX_TYPE_WORDS },
        });
      }
    })
    .default({}),
  date_format: DateFormatSchema.default('YYYY-MM-DD'),
  decimal_separator: z.enum(DECIMAL_SEPARATORS).default('.'),
  delimiter: z.enum(CSV_DELIMITERS).optional(),
  /** Used when the file has no currency column. */
  default_currency: CurrencyCodeSchema.optional(),
});
export type ColumnMapping = z.output<typeof ColumnMappingSchema>;
export type ColumnMappingInput = z.input<typeof ColumnMappingSchema>;
