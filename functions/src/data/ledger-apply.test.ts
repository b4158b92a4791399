import { describe, expect, it } from 'vitest';
import { appendCommitId, isAbandonedAppend, isOwnedByWriter } from './ledger-apply';

const at = (iso: string) => Date.parse(iso);

describe('the age of a large write', () => {
  it('an import commit unsettled for more than an hour is abandoned; at an hour or less, or without a time, it is not', () => {
    const id = appendCommitId(at('2026-11-28T10:00:00.000Z'), 'u-1');

    expect(id).toBe('2026-11-28T10:00:00.000Z#u-1');
    expect(isAbandonedAppend(id, at('2026-11-28T11:00:00.001Z'))).toBe(true);
    expect(isAbandonedAppend(id, at('2026-11-28T11:00:00.000Z'))).toBe(false);
    expect(isAbandonedAppend('0f8e2c1a-5b7d-4c3e-9a1b-2d3e4f5a6b7c', at('2030-01-01T00:00:00.000Z'))).toBe(
      false,
    );
  });

  it("a named commit is its writer's for 60 s after the head named it, then any reader's", () => {
    const head = { applying: 'c-1', applying_since: '2026-11-28T10:00:00.000Z' };

    expect(isOwnedByWriter(head, at('2026-11-28T10:00:59.999Z'))).toBe(true);
    expect(isOwnedByWriter(head, at('2026-11-28T10:01:00.000Z'))).toBe(false);
    // Named before heads said when (or by hand): no writer to wait for.
    expect(isOwnedByWriter({ applying: 'c-1' }, at('2026-11-28T10:00:00.000Z'))).toBe(false);
  });
});
