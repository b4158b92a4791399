import { describe, expect, it } from 'vitest';
import { isItemTooLarge, itemSizeBytes } from './item-size';

describe('the size DynamoDB counts for an item', () => {
  it('counts names and strings in UTF-8 bytes', () => {
    expect(itemSizeBytes({ pk: 'USER#a' })).toBe(2 + 6);
    // 株 is three bytes in UTF-8.
    expect(itemSizeBytes({ note: '株式' })).toBe(4 + 6);
  });

  it('counts a number one byte per two significant digits, plus one', () => {
    expect(itemSizeBytes({ n: 123.45 })).toBe(1 + 3 + 1);
    expect(itemSizeBytes({ n: 1000 })).toBe(1 + 1 + 1);
    expect(itemSizeBytes({ n: 0.00000001 })).toBe(1 + 1 + 1);
    expect(itemSizeBytes({ n: -98.459999 })).toBe(1 + 4 + 1);
  });

  it('counts null and booleans one byte, lists and maps three plus one per element', () => {
    expect(itemSizeBytes({ b: true, z: null })).toBe(1 + 1 + 1 + 1);
    // list: 3, then 1 + 2 for the number 1, then 1 + 2 for 'ab'.
    expect(itemSizeBytes({ list: [1, 'ab'] })).toBe(4 + 3 + 3 + 3);
    // map: 3, then the key k (1), 1 for the element, 'v' (1).
    expect(itemSizeBytes({ m: { k: 'v' } })).toBe(1 + 3 + 1 + 1 + 1);
    expect(itemSizeBytes({ skipped: undefined, m: { gone: undefined } })).toBe(1 + 3);
  });

  it('recognises DynamoDB’s refusal of an item over 400 KB, and nothing else', () => {
    const refusal = Object.assign(new Error('Item size has exceeded the maximum allowed size'), {
      name: 'ValidationException',
    });
    const other = Object.assign(new Error('One or more parameter values were invalid'), {
      name: 'ValidationException',
    });
    expect(isItemTooLarge(refusal)).toBe(true);
    expect(isItemTooLarge(other)).toBe(false);
    expect(isItemTooLarge('Item size')).toBe(false);
  });
});
