import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerTransaction } from '@app/shared/domain/ledger/transaction';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { TransactionsTable } from './transactions-table';

/*
 * Issue 45: no raw float on screen. A price typed with six decimals (110.123456) is shown as money,
 * with the cents its currency has; a quantity keeps its own decimals (0.5 of a coin).
 */
const rows = [
  {
    id: '01A',
    type: 'BUY',
    date: '2016-06-01',
    symbol: 'AAPL',
    quantity: 3,
    price: 110.123456,
    fee: 0,
    currency: 'USD',
    estimated: false,
  },
  { id: '01B', type: 'FEE', date: '2016-06-02', amount: 2.3456789, currency: 'EUR' },
] as unknown as LedgerTransaction[];

describe('TransactionsTable', () => {
  it.each([
    ['en', '3 × $110.12', '€2.35'],
    ['fr', '3 × 110,12\u00a0$US', '2,35\u00a0€'],
  ] as const)('shows prices and amounts as money in %s', async (language, buy, fee) => {
    installFakeApi(() => undefined);
    await renderWithProviders(withQueryClient(<TransactionsTable rows={rows} onEdit={() => undefined} />), {
      language,
    });
    const text = screen.getByRole('table').textContent ?? '';
    expect(text).toContain(buy);
    expect(text).toContain(fee);
    expect(text).not.toMatch(/\d[.,]\d{5,}/);
  });
});
