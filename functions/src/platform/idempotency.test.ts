import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { idempotencyKeyOf } from './idempotency';

describe('idempotencyKeyOf', () => {
  it('is null without the header', () => {
    expect(idempotencyKeyOf({ 'content-type': 'application/json' })).toBeNull();
  });

  it.each(['3f0c1d2e-9b8a-4c7d-8e6f-5a4b3c2d1e0f', '01J9Z3K8X2W5V7T4R6Q8P0N2M4', 'upgrade:2025-06-30.1'])(
    'accepts %s',
    (key) => {
      expect(idempotencyKeyOf({ 'idempotency-key': key })).toBe(key);
    },
  );

  it('reads the header whatever its case', () => {
    expect(idempotencyKeyOf({ 'Idempotency-Key': 'abcdefgh' })).toBe('abcdefgh');
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129), 'quote"injection', ''])(
    'refuses %j naming the header',
    (key) => {
      expect(() => idempotencyKeyOf({ 'idempotency-key': key })).toThrow(ValidationError);
      try {
        idempotencyKeyOf({ 'idempotency-key': key });
      } catch (error: unknown) {
        expect((error as ValidationError).issues[0]?.path).toBe('headers.idempotency-key');
      }
    },
  );
});
