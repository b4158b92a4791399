import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { diffRows } from './ledger-commit';

const row = (id: string, quantity = 1): LedgerTransaction =>
  ({
    id,
    type: 'BUY',
    date: '2016-01-04',
    symbol: 'AAPL',
    quantity,
    price: 100,
    fee: 0,
    currency: 'USD',
    estimated: false,
  }) as LedgerTransaction;

describe('diffRows', () => {
  it('sends nothing for a ledger rewritten with equal rows (new objects, same content)', () => {
    const before = [row('a'), row('b')];

    const { changes, nextSequence } = diffRows(before, [row('a'), row('b')], 2);

    expect(changes).toEqual([]);
    expect(nextSequence).toBe(2);
  });

  it('puts an added row with the next sequence, updates an edited one, deletes a missing one', () => {
    const before = [row('a'), row('b'), row('c')];
    const next = [before[0]!, row('c', 5), row('d'), row('e')];

    const { changes, nextSequence } = diffRows(before, next, 7);

    expect(changes).toEqual([
      { kind: 'update', row: row('c', 5) },
      { kind: 'put', row: row('d'), sequence: 7 },
      { kind: 'put', row: row('e'), sequence: 8 },
      { kind: 'delete', id: 'b' },
    ]);
    expect(nextSequence).toBe(9);
  });

  it('adds one row to 50,000 as one change', () => {
    const before = Array.from({ length: 50_000 }, (_, index) => row(`r${index}`));

    const { changes } = diffRows(before, [...before, row('new')], 50_000);

    expect(changes).toEqual([{ kind: 'put', row: row('new'), sequence: 50_000 }]);
  });
});
