import type * as z from 'zod';
import type { ImportBodySchema } from '@app/shared/domain/entities/ledger';
import { storedFingerprint } from '@app/shared/domain/ledger/import/fingerprint';
import type { ImportPreview, ImportRow } from '@app/shared/domain/ledger/import/import-preview';
import {
  exportTransactionsCsv,
  exportTransactionsJson,
} from '@app/shared/domain/ledger/import/ledger-export';
import { previewImport } from '@app/shared/domain/ledger/import/preview-import';
import type { LedgerIssue } from '@app/shared/domain/ledger/ledger-errors';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import type { Language } from '@app/shared/domain/enums';
import type { StoredLedger } from '../data/ledger-repository';
import { message } from '@app/shared/messages/message';
import { tierLimits } from '../entitlements/feature-gate';
import { fieldError } from '../platform/errors';
import { render } from '../platform/messages';
import { importRefusals } from './import-ledger-check';
import { changeLedger, loadLedger, type LedgerStoreDeps } from './ledger-store';
import { latestAllowedDate, ledgerMessage, marketIssuesOf } from './ledger-rules';
import { resolveColumnMapping, type ImportMappingDeps, type ResolvedMapping } from './import-mapping-service';

/**
 * Import with a preview, and export (shared/src/domain/ledger/README.md "Import and export"): the
 * preview reads the file against the stored ledger (rows already in it are `already_imported`) and
 * the market (rows after the market date, unknown symbols, a currency other than the asset's are
 * errors) and the ledger (import-ledger-check.ts); the import saves every valid row of the same
 * preview in one write, so a re-import, even a concurrent one, adds nothing twice, and reports the
 * refused rows (or refuses the file when the caller chose all or nothing).
 */

export type ImportBody = z.infer<typeof ImportBodySchema>;

export type ImportDeps = LedgerStoreDeps & ImportMappingDeps;

/** The mapping a `mapped-csv` body is read with (the presets need none). */
async function mappingFor(userId: string, body: ImportBody, deps: ImportDeps) {
  return body.format === 'mapped-csv' ? resolveColumnMapping(userId, body.content, body.mapping, deps) : null;
}

/** The plan's portfolio_assets limit (negative: none), as the quota reads it (ledger-store.ts). */
async function assetLimitOf(userId: string, deps: LedgerStoreDeps): Promise<number> {
  const user = await deps.users.get(userId);
  return tierLimits(user?.subscription_tier ?? 'FREE').portfolio_assets;
}

/**
 * The preview of the file against this ledger: schema, market, then the ledger's own rules row by
 * row (import-ledger-check.ts). The import runs this same function on the ledger it writes, so
 * "ready to import" and "imported" are the same rows.
 */
async function previewAgainst(
  userId: string,
  body: ImportBody,
  mapping: ResolvedMapping | null,
  ledger: StoredLedger,
  deps: LedgerStoreDeps,
): Promise<ImportPreview> {
  const latest = latestAllowedDate(deps.market.readMarket(), deps.now());
  const preview = previewImport({
    format: body.format,
    content: body.content,
    ...(mapping ? { mapping: mapping.used } : {}),
    existingFingerprints: new Set(ledger.transactions.map(storedFingerprint)),
    latestAllowedDate: latest,
  });
  const rows = await Promise.all(
    preview.rows.map(async (row): Promise<ImportRow> => {
      if (row.status !== 'valid' || !row.transaction) return row;
      const issues = await marketIssuesOf(row.transaction, latest, deps.market);
      return issues.length === 0 ? row : { ...row, status: 'invalid', fingerprint: null, issues };
    }),
  );
  const candidates = rows.flatMap((row, index) =>
    row.status === 'valid' && row.transaction ? [{ index, transaction: row.transaction }] : [],
  );
  const refusals = importRefusals(
    ledger.transactions,
    candidates.map((candidate) => candidate.transaction),
    ledger.cost_method,
    await assetLimitOf(userId, deps),
  );
  for (const [position, issue] of refusals) {
    const index = candidates[position]!.index;
    rows[index] = { ...rows[index]!, status: 'invalid', fingerprint: null, issues: [issue] };
  }
  const summary = { rows: rows.length, valid: 0, invalid: 0, duplicate: 0, already_imported: 0 };
  for (const row of rows) summary[row.status] += 1;
  return { ...preview, rows, summary };
}

function worded(issues: readonly LedgerIssue[], language: Language) {
  return issues.map((issue) => ({ ...issue, text: render(ledgerMessage(issue), language) }));
}

export async function previewTransactionsImport(
  userId: string,
  body: ImportBody,
  language: Language,
  deps: ImportDeps,
) {
  const reading = deps.market.readMarket();
  const mapping = await mappingFor(userId, body, deps);
  const preview = await previewAgainst(userId, body, mapping, await loadLedger(userId, deps, reading), deps);
  return {
    format: preview.format,
    mapping,
    market_date: latestAllowedDate(reading, deps.now()),
    file_issues: worded(preview.file_issues, language),
    rows: preview.rows.map(({ fingerprint: _fingerprint, ...row }) => ({
      ...row,
      issues: worded(row.issues, language),
      warnings: worded(row.warnings, language),
    })),
    summary: preview.summary,
  };
}

/** A row the import refused, with its reasons in the caller's language. */
export type RefusedRow = {
  row_number: number;
  issues: Array<{
    field: string | null;
    code: string;
    params: Record<string, string | number>;
    text: string;
  }>;
};

/** The import's answer; a JSON type alias so an Idempotency-Key can store it. */
export type ImportResult = {
  imported: number;
  skipped: number;
  transactions: number;
  refused: RefusedRow[];
};

/**
 * Imports the valid rows and reports each refused one with its reasons; with `all_or_nothing`, any
 * refused row refuses the whole file (a 400 on `body.content`) and nothing is stored.
 */
export async function importTransactions(
  userId: string,
  body: ImportBody,
  language: Language,
  deps: ImportDeps,
): Promise<ImportResult> {
  // Read with the same mapping the preview proposed, so "import" saves the rows the preview showed.
  const mapping = await mappingFor(userId, body, deps);
  return changeLedger(userId, deps, async (ledger) => {
    const preview = await previewAgainst(userId, body, mapping, ledger, deps);
    const refused = preview.rows.filter((row) => row.status === 'invalid');
    if (body.all_or_nothing === true && (refused.length > 0 || preview.file_issues.length > 0)) {
      throw fieldError(
        'body.content',
        message('LEDGER_IMPORT_ALL_OR_NOTHING_REFUSED', { refused: refused.length }),
      );
    }
    const added = preview.rows.flatMap((row) =>
      row.status === 'valid' && row.transaction && row.fingerprint
        ? [{ ...row.transaction, import_fingerprint: row.fingerprint, id: deps.newId() } as LedgerTransaction]
        : [],
    );
    const transactions = [...ledger.transactions, ...added];
    return {
      transactions,
      target: 'content',
      result: {
        imported: added.length,
        skipped: preview.rows.length - added.length,
        transactions: transactions.length,
        refused: refused.map((row) => ({
          row_number: row.row_number,
          issues: worded(row.issues, language) as RefusedRow['issues'],
        })),
      },
    };
  });
}

export async function exportTransactions(userId: string, format: 'csv' | 'json', deps: LedgerStoreDeps) {
  const reading = deps.market.readMarket();
  const ledger = await loadLedger(userId, deps, reading);
  const rows = ledger.transactions.map(({ id: _id, ...row }) => row);
  return {
    format,
    filename: `transactions-${reading.marketDate.date}.${format}`,
    content: format === 'csv' ? exportTransactionsCsv(rows) : exportTransactionsJson(rows),
  };
}
