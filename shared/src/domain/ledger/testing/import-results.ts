import { importableTransactions, type ImportPreview } from '../import/import-preview';

/** The transactions an import would save, without their fingerprints (hashes are not hand-checkable). */
export function withoutFingerprints(preview: ImportPreview) {
  return importableTransactions(preview).map(
    ({ import_fingerprint: _fingerprint, ...transaction }) => transaction,
  );
}
