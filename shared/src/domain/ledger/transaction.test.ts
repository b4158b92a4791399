import { describe, expect, it } from 'vitest';
import { validateTransaction } from './transaction';

describe('validateTransaction', () => {
  it('accepts a BUY and fills the defaults (no fee, not estimated)', () => {
    const result = validateTransaction({
      type: 'BUY',
      date: '2017-01-03',
      symbol: 'aapl',
      quantity: 10,
      price: 116.15,
      currency: 'usd',
    });

    expect(result).toEqual({
      ok: true,
      transaction: {
        type: 'BUY',
        date: '2017-01-03',
        symbol: 'AAPL',
        quantity: 10,
        price: 116.15,
        fee: 0,
        currency: 'USD',
        estimated: false,
      },
    });
  });

  it.each([
    [
      { quantity: 0 },
      { field: 'quantity', code: 'LEDGER_NUMBER_TOO_SMALL', params: { minimum: 0.00000001 } },
    ],
    [{ quantity: 'ten' }, { field: 'quantity', code: 'LEDGER_NUMBER_INVALID', params: {} }],
    [{ quantity: undefined }, { field: 'quantity', code: 'LEDGER_FIELD_REQUIRED', params: {} }],
    [{ price: -1 }, { field: 'price', code: 'LEDGER_NUMBER_TOO_SMALL', params: { minimum: 0 } }],
    [{ fee: 2e12 }, { field: 'fee', code: 'LEDGER_NUMBER_TOO_LARGE', params: { maximum: 1e12 } }],
    [{ date: '2017-02-30' }, { field: 'date', code: 'LEDGER_DATE_INVALID', params: {} }],
    [{ date: undefined }, { field: 'date', code: 'LEDGER_FIELD_REQUIRED', params: {} }],
    [{ symbol: 'NOT A TICKER' }, { field: 'symbol', code: 'LEDGER_SYMBOL_INVALID', params: {} }],
    [{ currency: 'dollars' }, { field: 'currency', code: 'LEDGER_CURRENCY_INVALID', params: {} }],
    [{ note: 'x'.repeat(501) }, { field: 'note', code: 'LEDGER_TEXT_TOO_LONG', params: { maximum: 500 } }],
    [{ colour: 'red' }, { field: 'colour', code: 'LEDGER_FIELD_UNKNOWN', params: {} }],
  ])('names the field and the code for %j', (change, issue) => {
    const result = validateTransaction({
      type: 'BUY',
      date: '2017-01-03',
      symbol: 'AAPL',
      quantity: 10,
      price: 100,
      currency: 'USD',
      ...change,
    });

    expect(result).toEqual({ ok: false, issues: [issue] });
  });

  it('reports every wrong field at once', () => {
    const result = validateTransaction({ type: 'SELL', date: 'yesterday', symbol: 'AAPL', quantity: -1 });

    expect(result.ok ? [] : result.issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['date', 'LEDGER_DATE_INVALID'],
      ['quantity', 'LEDGER_NUMBER_TOO_SMALL'],
      ['price', 'LEDGER_FIELD_REQUIRED'],
      ['currency', 'LEDGER_FIELD_REQUIRED'],
    ]);
  });

  it('rejects an unknown type by name, and a missing one as required', () => {
    expect(validateTransaction({ type: 'SHORT', date: '2017-01-03' })).toEqual({
      ok: false,
      issues: [{ field: 'type', code: 'LEDGER_TYPE_UNKNOWN', params: { value: 'SHORT' } }],
    });
    expect(validateTransaction({ date: '2017-01-03' })).toEqual({
      ok: false,
      issues: [{ field: 'type', code: 'LEDGER_FIELD_REQUIRED', params: {} }],
    });
  });

  it('keeps each type to its own fields', () => {
    const deposit = validateTransaction({
      type: 'DEPOSIT',
      date: '2017-01-03',
      amount: 1000,
      currency: 'EUR',
      symbol: 'AAPL',
    });
    const split = validateTransaction({ type: 'SPLIT', date: '2017-01-03', symbol: 'AAPL', new_shares: 10 });

    expect(deposit).toEqual({
      ok: false,
      issues: [{ field: 'symbol', code: 'LEDGER_FIELD_UNKNOWN', params: {} }],
    });
    expect(split).toEqual({
      ok: false,
      issues: [{ field: 'old_shares', code: 'LEDGER_FIELD_REQUIRED', params: {} }],
    });
  });

  it('needs a positive dividend per share but allows a free share (price 0) on a BUY', () => {
    const dividend = validateTransaction({
      type: 'DIVIDEND',
      date: '2017-01-03',
      symbol: 'KO',
      quantity: 100,
      price: 0,
      currency: 'USD',
    });
    const bonusShare = validateTransaction({
      type: 'BUY',
      date: '2017-01-03',
      symbol: 'KO',
      quantity: 1,
      price: 0,
      currency: 'USD',
    });

    expect(dividend.ok ? null : dividend.issues[0]?.field).toBe('price');
    expect(bonusShare.ok).toBe(true);
  });
});
