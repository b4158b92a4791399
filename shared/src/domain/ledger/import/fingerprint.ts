import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Transaction } from '../transaction';

/**
 * A stable identity for an imported row, so importing the same file (or an overlapping one) twice
 * adds nothing the second time. It hashes what the transaction is (type, day, symbol, figures,
 * currency) and the broker's own reference for the row (an order id, or the execution time), so two
 * genuinely separate identical trades on one day stay two when the broker tells them apart. The
 * note and the estimated flag are left out: a user may edit them after the import. The `tax` (issue
 * 44) is a figure too, appended only when the row has one, so a row without it keeps the fingerprint
 * it had before the field existed and rows already imported are still recognised.
 */
export const FINGERPRINT_VERSION = 'v1';

function field(transaction: Transaction, key: string): string {
  const value = (transaction as Record<string, unknown>)[key];
  return value === undefined ? '' : String(value);
}

export function fingerprintOf(transaction: Transaction, reference: string | null): string {
  const canonical = [
    transaction.type,
    transaction.date,
    field(transaction, 'symbol'),
    field(transaction, 'quantity'),
    field(transaction, 'price'),
    field(transaction, 'fee'),
    field(transaction, 'currency'),
    field(transaction, 'amount'),
    field(transaction, 'new_shares'),
    field(transaction, 'old_shares'),
    reference?.trim() ?? '',
    ...('tax' in transaction && transaction.tax !== undefined ? [`tax=${transaction.tax}`] : []),
  ].join('\u001f');
  return `${FINGERPRINT_VERSION}:${bytesToHex(sha256(utf8ToBytes(canonical))).slice(0, 32)}`;
}

/**
 * The fingerprint a stored transaction answers to: the one its import gave it, else one from its
 * content. The API passes these for the whole ledger as `existingFingerprints`, so a re-import of
 * a broker file, or of our own export, is recognised.
 */
export function storedFingerprint(transaction: Transaction): string {
  return transaction.import_fingerprint ?? fingerprintOf(transaction, null);
}
