import type { ImportFormat } from './import-vocabulary';
import { readMappedCsv, type ColumnMappingInput } from './column-mapping';
import { buildPreview, type ImportPreview, type PreviewOptions, type SourceFile } from './import-preview';
import { readLedgerCsv, readLedgerJson } from './ledger-export';
import { readDegiroCsv } from './presets/degiro';
import { readGhostfolioJson } from './presets/ghostfolio';
import { readInteractiveBrokersCsv } from './presets/interactive-brokers';
import { readTrading212Csv } from './presets/trading-212';

export { IMPORT_FORMATS, ImportFormatSchema, type ImportFormat } from './import-vocabulary';

const READERS: Record<Exclude<ImportFormat, 'mapped-csv'>, (content: string) => SourceFile> = {
  'interactive-brokers': readInteractiveBrokersCsv,
  degiro: readDegiroCsv,
  'trading-212': readTrading212Csv,
  ghostfolio: readGhostfolioJson,
  'ledger-csv': readLedgerCsv,
  'ledger-json': readLedgerJson,
};

export interface ImportRequest extends PreviewOptions {
  format: ImportFormat;
  content: string;
  /** Required by 'mapped-csv'; ignored by the presets. */
  mapping?: ColumnMappingInput;
}

/** Reads a file in `format` into the preview: every row, what it becomes, and its issues by code. */
export function previewImport(request: ImportRequest): ImportPreview {
  if (request.content.replace(/^\uFEFF/, '').trim() === '') {
    return buildPreview(request.format, {
      rows: [],
      issues: [{ field: null, code: 'LEDGER_IMPORT_FILE_EMPTY', params: {} }],
    });
  }
  const file =
    request.format === 'mapped-csv'
      ? readMappedCsv(request.content, request.mapping ?? { columns: {} })
      : READERS[request.format](request.content);
  return buildPreview(request.format, file, request);
}
