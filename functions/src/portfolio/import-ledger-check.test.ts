import { describe, expect, it } from 'vitest';
import { TransactionDraftSchema, type Transaction } from '@app/shared/domain/ledger/transaction';
import { importRefusals } from './import-ledger-check';

const trade = (type: 'BUY' | 'SELL', date: string, symbol: string, quantity: number): Transaction =>
  TransactionDraftSchema.parse({ type, date, symbol, quantity, price: 10, currency: 'USD' });

const codes = (refusals: Map<number, { code: string }>) =>
  [...refusals].map(([index, issue]) => [index, issue.code]).sort();

describe('importRefusals', () => {
  it('refuses only the sale beyond what is held and keeps the other rows', () => {
    const existing = [trade('BUY', '2020-01-02', 'AAPL', 5)];
    const imported = [
      trade('BUY', '2020-02-03', 'MSFT', 2),
      trade('SELL', '2020-03-02', 'AAPL', 7),
      trade('SELL', '2020-03-03', 'AAPL', 5),
    ];

    // 5 held: selling 7 is refused; selling the 5 afterwards is fine.
    expect(codes(importRefusals(existing, imported, 'FIFO', -1))).toEqual([
      [1, 'LEDGER_SELL_EXCEEDS_HOLDING'],
    ]);
  });

  it('refuses an imported sale that takes the shares a stored later sale needs', () => {
    const existing = [trade('BUY', '2020-01-02', 'AAPL', 10), trade('SELL', '2020-06-01', 'AAPL', 10)];
    const imported = [trade('SELL', '2020-03-02', 'AAPL', 4)];

    expect(codes(importRefusals(existing, imported, 'FIFO', -1))).toEqual([
      [0, 'LEDGER_SELL_EXCEEDS_HOLDING'],
    ]);
  });

  it('keeps the first symbols the file opens within the plan limit and refuses the rows of the rest', () => {
    const existing = [trade('BUY', '2020-01-02', 'AAPL', 1)];
    const imported = [
      trade('BUY', '2020-01-03', 'MSFT', 1),
      trade('BUY', '2020-01-04', 'NVDA', 1),
      trade('BUY', '2020-01-05', 'AMZN', 1),
      trade('BUY', '2020-01-06', 'NVDA', 1),
    ];

    // Limit 3: AAPL held, MSFT and NVDA fit; AMZN is the fourth symbol.
    expect(codes(importRefusals(existing, imported, 'FIFO', 3))).toEqual([
      [2, 'LEDGER_IMPORT_ROW_OVER_PLAN_LIMIT'],
    ]);
  });

  it('does not count a symbol opened and closed within the file', () => {
    const imported = [
      trade('BUY', '2020-01-03', 'MSFT', 1),
      trade('SELL', '2020-01-04', 'MSFT', 1),
      trade('BUY', '2020-01-05', 'NVDA', 1),
    ];

    expect(importRefusals([], imported, 'FIFO', 1).size).toBe(0);
  });

  it('refuses nothing in a file that adds up', () => {
    const imported = [
      trade('BUY', '2020-01-03', 'MSFT', 0.3333333333333333),
      trade('SELL', '2020-01-04', 'MSFT', 0.3333333333333333),
    ];

    expect(importRefusals([], imported, 'AVERAGE_COST', 10).size).toBe(0);
  });
});
