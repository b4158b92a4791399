import {
  mappingProblems,
  type ImportMapping,
  type SaveImportMappingBody,
} from '@app/shared/domain/entities/ledger';
import {
  ColumnMappingSchema,
  headerSignature,
  suggestColumnMapping,
  type ColumnMapping,
  type ColumnMappingInput,
} from '@app/shared/domain/ledger/import/column-mapping';
import { readHeaderedCsv } from '@app/shared/domain/ledger/import/csv';
import { message } from '@app/shared/messages/message';
import type { ImportMappingsRepository } from '../data/import-mappings-repository';
import { ValidationError } from '../platform/errors';

/**
 * Column mappings remembered per format (shared/src/domain/ledger/README.md "Import and export"): a
 * format is the signature of a CSV's header row; the mapping a user saved for it is proposed the next
 * time a file with the same header is previewed, before the usual row-by-row preview.
 */

export interface ImportMappingDeps {
  importMappings: ImportMappingsRepository;
  now: () => Date;
}

export interface ResolvedMapping {
  signature: string;
  headers: string[];
  used: ColumnMapping;
  source: 'request' | 'saved' | 'suggested';
}

/**
 * The mapping a `mapped-csv` file is read with: the request's, else the one saved for its header,
 * else a guess from the column names. Null when the file has no header row (the preview says so).
 */
export async function resolveColumnMapping(
  userId: string,
  content: string,
  requested: ColumnMappingInput | undefined,
  deps: ImportMappingDeps,
): Promise<ResolvedMapping | null> {
  const file = readHeaderedCsv(content, requested?.delimiter);
  if (!file) return null;
  const { header: headers } = file;
  const signature = headerSignature(headers);
  if (requested) return { signature, headers, used: ColumnMappingSchema.parse(requested), source: 'request' };
  const saved = await deps.importMappings.get(userId, signature);
  if (saved) return { signature, headers, used: ColumnMappingSchema.parse(saved.mapping), source: 'saved' };
  const suggested = ColumnMappingSchema.parse({ columns: suggestColumnMapping(headers) });
  return { signature, headers, used: suggested, source: 'suggested' };
}

/** Remembers `mapping` for files whose header is `headers`; one that cannot read them is a 400 by field. */
export async function saveImportMapping(
  userId: string,
  body: SaveImportMappingBody,
  deps: ImportMappingDeps,
): Promise<ImportMapping> {
  const problems = mappingProblems(body.headers, body.mapping.columns);
  if (problems.length > 0) {
    throw new ValidationError(
      problems.map(({ field, code, column }) => ({
        path: `body.mapping.columns.${field}`,
        message:
          code === 'PORTFOLIO_IMPORT_MAPPING_COLUMN_UNKNOWN'
            ? message(code, { field, column: column ?? '' })
            : message(code, { field }),
      })),
    );
  }
  const saved: ImportMapping = {
    signature: headerSignature(body.headers),
    headers: body.headers,
    mapping: ColumnMappingSchema.parse(body.mapping),
    updated_at: deps.now().toISOString(),
  };
  await deps.importMappings.save(userId, saved);
  return saved;
}
