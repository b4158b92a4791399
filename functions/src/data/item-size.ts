/**
 * What DynamoDB counts against its 400 KB bound on one item, computed before a write so a repository
 * can refuse an item that would not fit instead of sending it (DynamoDB's developer guide, "Item
 * sizes and formats"): attribute names and strings by their UTF-8 bytes, a number one byte per two
 * significant digits plus one, null and booleans one byte, a list or map three bytes plus one per
 * element plus its elements (a map's keys counted like attribute names). The guide calls its number
 * rule approximate: the repository also maps DynamoDB's own refusal (`isItemTooLarge`).
 */

/** DynamoDB's bound on one item, attribute names included. */
export const MAX_ITEM_BYTES = 400 * 1024;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function numberBytes(value: number): number {
  // toExponential() writes every significant digit once, without leading or trailing zeros.
  const mantissa = Math.abs(value).toExponential().split('e')[0] ?? '0';
  const digits = mantissa.replace('.', '').length;
  return Math.ceil(digits / 2) + 1;
}

function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8Bytes(value);
  if (typeof value === 'number') return numberBytes(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) {
    const present = value.filter((element) => element !== undefined);
    return 3 + present.reduce<number>((total, element) => total + 1 + valueBytes(element), 0);
  }
  if (value instanceof Set)
    return [...(value as Set<unknown>)].reduce<number>((total, e) => total + valueBytes(e), 0);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, entry]) => entry !== undefined,
    );
    return 3 + entries.reduce((total, [key, entry]) => total + utf8Bytes(key) + 1 + valueBytes(entry), 0);
  }
  return 0;
}

/** The bytes DynamoDB counts for `item` (undefined attributes are not written, so not counted). */
export function itemSizeBytes(item: Readonly<Record<string, unknown>>): number {
  return Object.entries(item)
    .filter(([, value]) => value !== undefined)
    .reduce((total, [name, value]) => total + utf8Bytes(name) + valueBytes(value), 0);
}

/** DynamoDB's refusal of an item over its bound (a ValidationException naming the item size). */
export function isItemTooLarge(error: unknown): boolean {
  return error instanceof Error && error.name === 'ValidationException' && /item size/i.test(error.message);
}
