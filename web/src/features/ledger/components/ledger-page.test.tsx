import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { LedgerPage } from './ledger-page';

const BUY_ROW = {
  type: 'BUY',
  date: '2016-06-01',
  symbol: 'AAPL',
  quantity: 10,
  price: 100,
  fee: 1,
  currency: 'USD',
  estimated: false,
};
const LEDGER = {
  market_date: '2017-01-01',
  settings: { base_currency: 'USD', cost_method: 'FIFO' },
  transactions: [
    {
      id: '01A',
      type: 'BUY',
      date: '2016-06-01',
      symbol: 'AAPL',
      quantity: 10,
      price: 100,
      fee: 1,
      currency: 'USD',
      estimated: false,
    },
  ],
};
const GAIN = { gain_base: 0, price_effect_base: 0, currency_effect_base: 0 };
const PERFORMANCE = {
  market_date: '2017-01-01',
  base_currency: 'USD',
  cost_method: 'FIFO',
  cash_tracked: false,
  distinct_symbols_held: 1,
  holdings: [],
  unpriced_holdings: [],
  totals: {
    value_base: 1158.2,
    securities_value_base: 1158.2,
    cash_value_base: 0,
    cost_base: 1001,
    unrealised: GAIN,
    realised: GAIN,
    dividends_base: 0,
    interest_base: 0,
    fees_paid_base: 1,
    total_gain_base: 157.2,
  },
  returns: [
    {
      period: 'MAX',
      start: '2016-05-31',
      end: '2017-01-01',
      covers_full_period: true,
      time_weighted: 0.157,
      time_weighted_annualised: null,
      money_weighted: 0.157,
      money_weighted_annualised: 0.27,
      unavailable: { time_weighted: null, money_weighted: null },
    },
  ],
  allocation: {
    total_base: 1158.2,
    by_asset_type: [{ kind: 'known', key: 'stock', value_base: 1158.2, share: 1 }],
    by_sector: [{ kind: 'unknown', key: null, value_base: 1158.2, share: 1 }],
    by_currency: [{ kind: 'known', key: 'USD', value_base: 1158.2, share: 1 }],
  },
  series: [{ date: '2017-01-01', value_base: 1158.2, invested_base: 1001, benchmark_value_base: 1100 }],
  benchmark: null,
};
const BENCHMARKS = {
  market_date: '2017-01-01',
  default: '^GSPC',
  indices: [{ symbol: '^GSPC', name: 'S&P 500', first_date: '2000-01-03', last_date: '2020-04-17' }],
};
const PREVIEW = {
  format: 'degiro',
  mapping: null,
  market_date: '2017-01-01',
  file_issues: [],
  rows: [
    {
      row_number: 2,
      cells: {},
      status: 'valid',
      transaction: BUY_ROW,
      issues: [],
      warnings: [],
    },
    {
      row_number: 3,
      cells: {},
      status: 'invalid',
      transaction: null,
      issues: [
        {
          field: 'date',
          code: 'LEDGER_DATE_AFTER_MARKET_DATE',
          params: { date: '2017-02-01', market_date: '2017-01-01' },
          text: 'x',
        },
      ],
      warnings: [],
    },
  ],
  summary: { rows: 2, valid: 1, invalid: 1, duplicate: 0, already_imported: 0 },
};

function fakeLedgerApi(): RecordedRequest[] {
  return installFakeApi((request) => {
    if (request.path === '/api/portfolio/transactions' && request.method === 'GET') return { body: LEDGER };
    if (request.path.startsWith('/api/portfolio/performance')) return { body: PERFORMANCE };
    if (request.path === '/api/portfolio/benchmarks') return { body: BENCHMARKS };
    if (request.path === '/api/portfolio/transactions' && request.method === 'POST')
      return { status: 201, body: { ...(request.body as object), id: '01B', fee: 0, estimated: false } };
    if (request.path.endsWith('/import-preview')) return { body: PREVIEW };
    return undefined;
  });
}

describe('LedgerPage', () => {
  it('says a dividend entered by hand on a replayed US stock or ETF is counted twice (adjusted closes)', async () => {
    installFakeApi((request) => {
      if (request.path === '/api/ai/market-clock')
        return {
          body: {
            data_mode: 'replay',
            market_date: '2017-01-01',
            replay: {
              cycle: 0,
              step: 118,
              steps: 302,
              window: { from: '2016-09-05', to: '2017-07-03' },
              ms_per_day: 86_400_000,
            },
            next_change_at: '2099-01-01T00:00:00.000Z',
          },
        };
      if (request.path === '/api/portfolio/transactions' && request.method === 'GET') return { body: LEDGER };
      if (request.path.startsWith('/api/portfolio/performance')) return { body: PERFORMANCE };
      if (request.path === '/api/portfolio/benchmarks') return { body: BENCHMARKS };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<LedgerPage />));
    await screen.findByText('Add a transaction');
    expect(screen.queryByTestId('dividend-counted-twice')).toBeNull();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'DIVIDEND' } });
    expect((await screen.findByTestId('dividend-counted-twice')).textContent).toContain('counted twice');
  }, 30_000);

  it('offers only the indices the data holds as the benchmark, and says when there is one', async () => {
    fakeLedgerApi();
    await renderWithProviders(withQueryClient(<LedgerPage />));
    const select = (await screen.findByLabelText('Compare with', undefined, {
      timeout: 15_000,
    })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['^GSPC']);
    expect(screen.getByText(/holds one index, S&P 500 \(\^GSPC\)/)).toBeTruthy();
  }, 30_000);

  it('draws the allocation with a table behind each chart, the unknown sector named honestly', async () => {
    fakeLedgerApi();
    await renderWithProviders(withQueryClient(<LedgerPage />));
    // The charts load lazily (their own chunk): on a loaded machine that takes more than a second.
    expect(
      await screen.findByText('Unknown (the data gives no sector)', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Sector' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Stocks' })).toBeTruthy();
    expect(screen.getAllByText('100%').length).toBe(3);
  }, 30_000);

  it('lists every open position, one without a dated close as the portfolio page does: no data on the date', async () => {
    const aapl = {
      symbol: 'AAPL',
      currency: 'USD',
      quantity: 10,
      estimated: false,
      cost_base: 1001,
      average_cost_local: 100.1,
      price: 115.82,
      price_date: '2016-12-30',
      price_source: 'close',
      value_base: 1158.2,
      unrealised: GAIN,
      realised: GAIN,
      dividends_base: 0,
      fees_base: 0,
      total_gain_base: 157.2,
    };
    installFakeApi((request) => {
      if (request.path === '/api/portfolio/transactions' && request.method === 'GET') return { body: LEDGER };
      if (request.path.startsWith('/api/portfolio/performance'))
        return {
          body: {
            ...PERFORMANCE,
            distinct_symbols_held: 2,
            holdings: [aapl],
            unpriced_holdings: [{ symbol: 'MSFT', quantity: 5, no_data_on: '2017-01-01' }],
          },
        };
      if (request.path === '/api/portfolio/benchmarks') return { body: BENCHMARKS };
      return undefined;
    });
    await renderWithProviders(withQueryClient(<LedgerPage />));
    const msft = await screen.findByTestId('ledger-holding-MSFT', undefined, { timeout: 15_000 });
    expect(msft.textContent).toBe('MSFT5No data on Jan 1, 2017');
    expect(screen.getByTestId('ledger-holding-AAPL').textContent).toBe('AAPL10$1,158.20$1,001.00');
  }, 30_000);

  it('shows each return with its one-sentence explanation', async () => {
    fakeLedgerApi();
    await renderWithProviders(withQueryClient(<LedgerPage />));
    expect(await screen.findByText('Since the first transaction')).toBeTruthy();
    expect(screen.getByText(/the figure to compare with an index/)).toBeTruthy();
    expect(screen.getByText(/adding just before a fall lowers it/)).toBeTruthy();
  });

  it('refuses a buy without a quantity by the ledger schema, sending nothing, then sends a valid one once', async () => {
    const requests = fakeLedgerApi();
    await renderWithProviders(withQueryClient(<LedgerPage />));
    await screen.findByText('Add a transaction');
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'AAPL' } });
    fireEvent.change(screen.getByLabelText('Price per unit'), { target: { value: '110' } });
    fireEvent.click(screen.getByText('Save the transaction'));
    expect(await screen.findByText(/required/i)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByText('Save the transaction'));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({
      type: 'BUY',
      symbol: 'AAPL',
      quantity: 2,
      price: 110,
      currency: 'USD',
      date: '2017-01-01',
    });
    expect(sent?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('previews an uploaded file row by row with each problem in words, before importing', async () => {
    const requests = fakeLedgerApi();
    await renderWithProviders(withQueryClient(<LedgerPage />));
    const input = (await screen.findByLabelText('File')) as HTMLInputElement;
    const file = new File(['Date,Product\n'], 'degiro.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByText('Preview').closest('button')?.hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByText('Preview'));
    expect(await screen.findByText('Has errors')).toBeTruthy();
    expect(screen.getByText('Ready to import')).toBeTruthy();
    expect(screen.getByText('Import the valid rows (1)')).toBeTruthy();
    const preview = requests.find((request) => request.path.endsWith('/import-preview'));
    expect(preview?.body).toEqual({ format: 'interactive-brokers', content: 'Date,Product\n' });
  });
});
