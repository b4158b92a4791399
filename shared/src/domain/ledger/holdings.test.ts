import { describe, expect, it } from 'vitest';
import { valueDaily } from './daily-valuation';
import { valuePortfolio, type ValuationOptions } from './holdings';
import { LedgerError } from './ledger-errors';
import type { PriceLookup } from './market-lookups';
import { noRates, stepPrices, stepRates } from './testing/market-tables';
import { TransactionDraftSchema, type Transaction, type TransactionDraftInput } from './transaction';

const ledger = (...rows: TransactionDraftInput[]): Transaction[] =>
  rows.map((row) => TransactionDraftSchema.parse(row));

const usd = (prices: PriceLookup, date: string): ValuationOptions => ({
  baseCurrency: 'USD',
  costMethod: 'FIFO',
  fx: noRates,
  prices,
  date,
});

function thrown(action: () => unknown): LedgerError {
  try {
    action();
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

describe('valuePortfolio: ledger rules', () => {
  it('refuses a SELL beyond what is held, with a code and the figures', () => {
    const transactions = ledger(
      { type: 'BUY', date: '2017-01-03', symbol: 'AAPL', quantity: 5, price: 100, currency: 'USD' },
      { type: 'SELL', date: '2017-01-04', symbol: 'AAPL', quantity: 6, price: 100, currency: 'USD' },
    );

    const error = thrown(() => valuePortfolio(transactions, usd(stepPrices({}), '2017-01-31')));

    expect([error.code, error.params]).toEqual([
      'LEDGER_SELL_EXCEEDS_HOLDING',
      { symbol: 'AAPL', date: '2017-01-04', quantity: 6, held: 5 },
    ]);
    expect(error.message).toBe('LEDGER_SELL_EXCEEDS_HOLDING');
  });

  it('refuses a SELL of a symbol never bought', () => {
    const transactions = ledger({
      type: 'SELL',
      date: '2017-01-04',
      symbol: 'TSLA',
      quantity: 1,
      price: 200,
      currency: 'USD',
    });

    expect(thrown(() => valuePortfolio(transactions, usd(stepPrices({}), '2017-01-31'))).params).toEqual({
      symbol: 'TSLA',
      date: '2017-01-04',
      quantity: 1,
      held: 0,
    });
  });

  it('sells exactly what decimal buys add up to (0.1 + 0.2 = 0.3, no float dust)', () => {
    const transactions = ledger(
      { type: 'BUY', date: '2017-01-03', symbol: 'BTC-USD', quantity: 0.1, price: 1000, currency: 'USD' },
      { type: 'BUY', date: '2017-01-04', symbol: 'BTC-USD', quantity: 0.2, price: 1000, currency: 'USD' },
      { type: 'SELL', date: '2017-01-05', symbol: 'BTC-USD', quantity: 0.3, price: 1100, currency: 'USD' },
    );

    const { holdings, distinct_symbols_held } = valuePortfolio(
      transactions,
      usd(stepPrices({}), '2017-01-31'),
    );

    // 0.3 x 1,100 - 0.3 x 1,000 = 30.
    expect([holdings[0]?.quantity, holdings[0]?.realised.gain_base, distinct_symbols_held]).toEqual([
      0, 30, 0,
    ]);
  });

  it('refuses a trade in another currency than the holding', () => {
    const transactions = ledger(
      { type: 'BUY', date: '2017-01-03', symbol: 'SAP', quantity: 1, price: 80, currency: 'EUR' },
      { type: 'BUY', date: '2017-01-04', symbol: 'SAP', quantity: 1, price: 90, currency: 'USD' },
    );
    const fx = stepRates({ 'EUR/USD': [['2017-01-01', 1.05]] });

    const error = thrown(() => valuePortfolio(transactions, { ...usd(stepPrices({}), '2017-01-31'), fx }));

    expect([error.code, error.params]).toEqual([
      'LEDGER_CURRENCY_MISMATCH',
      { symbol: 'SAP', expected: 'EUR', actual: 'USD' },
    ]);
  });

  it('refuses a base currency it does not support', () => {
    const error = thrown(() =>
      valuePortfolio([], { ...usd(stepPrices({}), '2017-01-31'), baseCurrency: 'XAU' as 'USD' }),
    );

    expect([error.code, error.params]).toEqual(['LEDGER_BASE_CURRENCY_UNSUPPORTED', { currency: 'XAU' }]);
  });

  it('applies a SPLIT before the trades of its day, whatever the order of entry', () => {
    // The sale of 15 on the split day is at post-split prices; it needs the 2 x 10 = 20 shares.
    const transactions = ledger(
      { type: 'BUY', date: '2017-01-03', symbol: 'XYZ', quantity: 10, price: 100, currency: 'USD' },
      { type: 'SELL', date: '2017-02-01', symbol: 'XYZ', quantity: 15, price: 52, currency: 'USD' },
      { type: 'SPLIT', date: '2017-02-01', symbol: 'XYZ', new_shares: 2, old_shares: 1 },
    );

    const { holdings } = valuePortfolio(
      transactions,
      usd(stepPrices({ XYZ: [['2017-01-03', 52]] }), '2017-02-01'),
    );

    // Cost 1,000 over 20 shares = 50 each; 15 sold at 52: realised 15 x 2 = 30; 5 left cost 250.
    expect([holdings[0]?.quantity, holdings[0]?.realised.gain_base, holdings[0]?.cost_base]).toEqual([
      5, 30, 250,
    ]);
  });

  it('ignores transactions after the valuation date', () => {
    const transactions = ledger(
      { type: 'BUY', date: '2017-01-03', symbol: 'AAPL', quantity: 1, price: 100, currency: 'USD' },
      { type: 'BUY', date: '2017-02-03', symbol: 'AAPL', quantity: 1, price: 100, currency: 'USD' },
    );

    const { holdings } = valuePortfolio(
      transactions,
      usd(stepPrices({ AAPL: [['2017-01-03', 100]] }), '2017-01-31'),
    );

    expect(holdings[0]?.quantity).toBe(1);
  });

  it('keeps the estimated flag on the lots of an opening BUY priced at a close', () => {
    const transactions = ledger({
      type: 'BUY',
      date: '2017-01-03',
      symbol: 'AAPL',
      quantity: 2,
      price: 116.15,
      currency: 'USD',
      estimated: true,
    });

    const { holdings } = valuePortfolio(
      transactions,
      usd(stepPrices({ AAPL: [['2017-01-03', 116.15]] }), '2017-01-03'),
    );

    expect([holdings[0]?.estimated, holdings[0]?.lots[0]?.estimated]).toEqual([true, true]);
  });

  it('counts fees charged on a holding against its gain, and tracks cash when there are deposits', () => {
    const transactions = ledger(
      { type: 'DEPOSIT', date: '2017-01-02', amount: 1000, currency: 'USD' },
      { type: 'BUY', date: '2017-01-03', symbol: 'VT', quantity: 10, price: 60, fee: 1, currency: 'USD' },
      { type: 'FEE', date: '2017-01-31', symbol: 'VT', amount: 0.5, currency: 'USD' },
    );

    const { holdings, cash, totals } = valuePortfolio(
      transactions,
      usd(stepPrices({ VT: [['2017-01-03', 62]] }), '2017-01-31'),
    );

    // Cost 601, value 620: unrealised 19, less the 0.50 fee on the holding = 18.50.
    expect(holdings[0]?.total_gain_base).toBe(18.5);
    // Cash: 1,000 - 601 - 0.50 = 398.50; total value 620 + 398.50 = 1,018.50.
    expect(cash).toEqual([{ currency: 'USD', amount: 398.5, rate: 1, value_base: 398.5 }]);
    expect(totals.value_base).toBe(1018.5);
  });
});

describe('valuePortfolio and valueDaily: prices', () => {
  const transactions = ledger({
    type: 'BUY',
    date: '2017-01-03',
    symbol: 'AAPL',
    quantity: 10,
    price: 116,
    currency: 'USD',
  });
  // Closes on two Fridays only; nothing after 01-13.
  const closes: Record<string, number> = { '2017-01-06': 117, '2017-01-13': 119 };
  const prices: PriceLookup = (_symbol, date) => closes[date];

  it('uses the latest close of the last seven days, else the latest trade price', () => {
    const onSunday = valuePortfolio(transactions, usd(prices, '2017-01-15')).holdings[0];
    const twoWeeksLater = valuePortfolio(transactions, usd(prices, '2017-01-25')).holdings[0];
    const beforeAnyClose = valuePortfolio(transactions, usd(prices, '2017-01-04')).holdings[0];

    expect([onSunday?.price, onSunday?.price_date, onSunday?.price_source]).toEqual([
      119,
      '2017-01-13',
      'close',
    ]);
    expect([twoWeeksLater?.price, twoWeeksLater?.price_date, twoWeeksLater?.price_source]).toEqual([
      116,
      '2017-01-03',
      'transaction',
    ]);
    expect(beforeAnyClose?.price_source).toBe('transaction');
  });

  it('values every day by the same rule, so each day matches a one-day valuation', () => {
    const days = valueDaily(transactions, {
      baseCurrency: 'USD',
      costMethod: 'FIFO',
      fx: noRates,
      prices,
      to: '2017-01-25',
    }).days;

    for (const day of days) {
      const single = valuePortfolio(transactions, usd(prices, day.date)).totals.value_base;
      expect(day.value_base, day.date).toBe(single);
    }
    // 01-03 to 01-05 at the 116 trade price, 01-06 on at the 117 close.
    expect(days.map((day) => day.value_base).slice(0, 5)).toEqual([1160, 1160, 1160, 1170, 1170]);
  });
});

describe('a split on a day without a close', () => {
  // 10 shares; closes 520 on Friday 01-27 and 53 on Tuesday 01-31; a 10-for-1 split on Monday 01-30,
  // a day the data has no bar for. The Friday close is per old share: 52 per new share.
  const transactions = ledger(
    { type: 'BUY', date: '2017-01-03', symbol: 'XYZ', quantity: 10, price: 500, currency: 'USD' },
    { type: 'SPLIT', date: '2017-01-30', symbol: 'XYZ', new_shares: 10, old_shares: 1 },
  );
  const closes: Record<string, number> = { '2017-01-03': 500, '2017-01-27': 520, '2017-01-31': 53 };
  const prices: PriceLookup = (_symbol, date) => closes[date];

  it('values the new shares at the old close divided by the ratio, in both valuations', () => {
    const onSplitDay = valuePortfolio(transactions, usd(prices, '2017-01-30'));
    const days = valueDaily(transactions, {
      baseCurrency: 'USD',
      costMethod: 'FIFO',
      fx: noRates,
      prices,
      to: '2017-01-31',
    }).days;

    // 100 shares x 520 / 10 = 5,200, as on the Friday (10 x 520); then 100 x 53 = 5,300.
    expect([onSplitDay.holdings[0]?.price, onSplitDay.totals.value_base]).toEqual([52, 5200]);
    expect(days.slice(-4).map((day) => [day.date, day.value_base])).toEqual([
      ['2017-01-28', 5200],
      ['2017-01-29', 5200],
      ['2017-01-30', 5200],
      ['2017-01-31', 5300],
    ]);
  });
});
