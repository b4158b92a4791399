import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashAddress, hashMailCode, newMailCode, sameDigest } from './mail-code';

describe('e-mailed codes', () => {
  it('draws six digits, zero-padded', () => {
    for (let index = 0; index < 200; index += 1) expect(newMailCode()).toMatch(/^\d{6}$/);
  });

  it('stores the HMAC of purpose, user and code, so a code fits only its user and purpose', () => {
    const expected = createHmac('sha256', 's3cret').update('RESET:user-1:012345').digest('hex');
    expect(hashMailCode('s3cret', 'RESET', 'user-1', '012345')).toBe(expected);
    expect(hashMailCode('s3cret', 'EMAIL', 'user-1', '012345')).not.toBe(expected);
    expect(hashMailCode('s3cret', 'RESET', 'user-2', '012345')).not.toBe(expected);
  });

  it('compares digests of equal length only, and keys addresses case-blind', () => {
    expect(sameDigest('ab12', 'ab12')).toBe(true);
    expect(sameDigest('ab12', 'ab13')).toBe(false);
    expect(sameDigest('ab12', 'ab1234')).toBe(false);
    expect(hashAddress('k', ' Ada@Example.TEST ')).toBe(hashAddress('k', 'ada@example.test'));
    expect(hashAddress('k', 'ada@example.test')).toHaveLength(32);
  });
});
