import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient, type RecordedRequest } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { AddAssetDialog } from './add-asset-dialog';
import { todayIsoDate, validateAddAsset } from './add-asset-validation';

const MSFT = {
  symbol: 'MSFT',
  name: 'Microsoft Corporation',
  market: 'NASDAQ',
  asset_type: 'stock',
  current_price: 417,
  price_as_of: null,
  price_source: 'snapshot',
  no_data_on: null,
};

function access(allowed: boolean, upgradeMessage: string | null = null) {
  return {
    feature: 'portfolio_assets',
    access: {
      allowed,
      upgrade_message: upgradeMessage,
      required_tier: 'PREMIUM',
      limit: 5,
      used: 1,
      remaining: 4,
    },
    user_tier: 'FREE',
    demo: false,
  };
}

const ASSET = {
  id: 'h1',
  symbol: 'MSFT',
  name: 'Microsoft Corporation',
  asset_type: 'stock',
  shares: 2,
  current_price: 417,
  purchase_price: null,
  purchase_date: null,
  total_value: 834,
  change_percent: null,
  change_amount: null,
  gain_amount: null,
  gain_percent: null,
  investment_grade: null,
  rationality_score: null,
  price_as_of: null,
  price_source: 'snapshot',
  no_data_on: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The latest purchase date the validation tests allow. */
const LATEST = '2099-12-31';

describe('validateAddAsset', () => {
  const selected = { symbol: 'MSFT', asset_type: 'stock' as const };

  it('asks for an asset first, then for valid shares', () => {
    expect(
      validateAddAsset({
        selected: null,
        shares: '2',
        purchasePrice: '',
        purchaseDate: '',
        latestDate: LATEST,
      }),
    ).toEqual({
      ok: false,
      error: 'selectAsset',
    });
    for (const shares of ['', '0', '-1', 'abc']) {
      expect(
        validateAddAsset({ selected, shares, purchasePrice: '', purchaseDate: '', latestDate: LATEST }),
      ).toEqual({
        ok: false,
        error: 'invalidShares',
      });
    }
  });

  it('builds the server payload; price and date are optional', () => {
    expect(
      validateAddAsset({ selected, shares: '1.5', purchasePrice: '', purchaseDate: '', latestDate: LATEST }),
    ).toEqual({
      ok: true,
      payload: {
        symbol: 'MSFT',
        shares: 1.5,
        purchase_price: null,
        purchase_date: null,
        asset_type: 'stock',
      },
    });
    const withPrice = validateAddAsset({
      selected,
      shares: '2',
      purchasePrice: '310.5',
      purchaseDate: '2024-03-01',
      latestDate: LATEST,
    });
    expect(withPrice.ok && withPrice.payload).toMatchObject({
      purchase_price: 310.5,
      purchase_date: '2024-03-01',
    });
  });

  it('refuses a purchase date after the latest allowed (today, or the replay date)', () => {
    const values = { selected, shares: '1', purchasePrice: '', latestDate: '2017-03-14' };
    expect(validateAddAsset({ ...values, purchaseDate: '2017-03-15' })).toEqual({
      ok: false,
      error: 'invalidDate',
    });
    expect(validateAddAsset({ ...values, purchaseDate: '2017-03-14' }).ok).toBe(true);
  });

  it('writes today as YYYY-MM-DD', () => {
    expect(todayIsoDate(new Date(2024, 0, 5))).toBe('2024-01-05');
  });
});

/** The API's 403 at the holdings limit, as the server words it for an English request. */
const QUOTA_REFUSAL = {
  error: 'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
  code: 'QUOTA_EXCEEDED',
  message_code: 'PLAN_UPGRADE_FOR_HOLDINGS',
  params: {
    reached: {
      code: 'PLAN_QUOTA_HOLDINGS_FULL',
      params: { units: 'portfolio_assets', plan: 'FREE', count: 5 },
    },
    units: 'portfolio_assets',
    tier: 'PREMIUM',
    count: 25,
  },
  detail: {
    upgrade_message:
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    required_tier: 'PREMIUM',
    user_tier: 'FREE',
  },
};

async function renderDialog(
  route: (request: RecordedRequest) => { status?: number; body: unknown } | undefined,
  language: 'en' | 'fr' | 'es' = 'en',
) {
  const requests = installFakeApi(route);
  await renderWithProviders(withQueryClient(<AddAssetDialog open onClose={() => undefined} />), { language });
  return requests;
}

async function selectMsft() {
  fireEvent.change(screen.getByLabelText('Search assets'), { target: { value: 'M' } });
  fireEvent.change(screen.getByLabelText('Search assets'), { target: { value: 'MS' } });
  fireEvent.click(await screen.findByRole('button', { name: /MSFT/ }));
}

describe('AddAssetDialog', () => {
  it('searches from 2 characters for 8 results and clears the search on selection; date defaults to today', async () => {
    const requests = await renderDialog((request) =>
      request.path.startsWith('/api/portfolio/search')
        ? { body: { results: [MSFT], market_date: '2026-01-01' } }
        : undefined,
    );
    expect((screen.getByLabelText('Purchase date (optional)') as HTMLInputElement).value).toBe(
      todayIsoDate(),
    );
    await selectMsft();
    const searches = requests.filter((request) => request.path.startsWith('/api/portfolio/search'));
    expect(searches.map((request) => request.path)).toEqual(['/api/portfolio/search?q=MS&limit=8']);
    expect(screen.getByTestId('selected-asset').textContent).toContain('MSFT');
    expect((screen.getByLabelText('Search assets') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('in replay, defaults the purchase date to the replay date and allows none after it', async () => {
    await renderDialog((request) =>
      request.path === '/api/ai/market-clock'
        ? {
            body: {
              data_mode: 'replay',
              market_date: '2017-03-14',
              replay: {
                cycle: 0,
                step: 72,
                steps: 181,
                window: { from: '2017-01-01', to: '2017-06-30' },
                ms_per_day: 60000,
              },
              next_change_at: '2099-01-01T00:00:00.000Z',
            },
          }
        : undefined,
    );
    const date = screen.getByLabelText('Purchase date (optional)') as HTMLInputElement;
    await waitFor(() => expect(date.value).toBe('2017-03-14'));
    expect(date.max).toBe('2017-03-14');
    expect(screen.getByText('The replay is on Mar 14, 2017: a purchase cannot be dated later.')).toBeTruthy();
  });

  it('shows the shares message, then the quota message from the check before adding', async () => {
    const requests = await renderDialog((request) => {
      if (request.path.startsWith('/api/portfolio/search'))
        return { body: { results: [MSFT], market_date: '2026-01-01' } };
      if (request.path.includes('check-feature')) return { body: access(false) };
      return undefined;
    });
    const submit = screen.getByTestId('add-asset-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await selectMsft();
    fireEvent.change(screen.getByLabelText('Number of shares'), { target: { value: '0' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid number of shares');

    fireEvent.change(screen.getByLabelText('Number of shares'), { target: { value: '2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Portfolio asset limit reached. Please upgrade your plan.',
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows the 403 upgrade message, and sends one Idempotency-Key per submission', async () => {
    let attempt = 0;
    const requests = await renderDialog((request) => {
      if (request.path.startsWith('/api/portfolio/search'))
        return { body: { results: [MSFT], market_date: '2026-01-01' } };
      if (request.path.includes('check-feature')) return { body: access(true) };
      if (request.method === 'POST') {
        attempt += 1;
        if (attempt === 1)
          return {
            status: 403,
            body: QUOTA_REFUSAL,
          };
        return {
          status: 201,
          body: { asset: ASSET, name: 'Microsoft Corporation', merged: false, message: 'ok' },
        };
      }
      return undefined;
    });
    await selectMsft();
    fireEvent.change(screen.getByLabelText('Number of shares'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('add-asset-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );

    fireEvent.click(screen.getByTestId('add-asset-submit'));
    expect(await screen.findByText('Asset Added Successfully!')).toBeTruthy();
    expect(screen.getByText('Microsoft Corporation has been added to your portfolio.')).toBeTruthy();
    const keys = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it("renders the server's message by its code in the site's language, whatever language its text is in", async () => {
    await renderDialog((request) => {
      if (request.path.startsWith('/api/portfolio/search'))
        return { body: { results: [MSFT], market_date: '2026-01-01' } };
      if (request.path.includes('check-feature')) return { body: access(true) };
      if (request.method === 'POST') return { status: 403, body: QUOTA_REFUSAL };
      return undefined;
    }, 'es');
    fireEvent.change(screen.getByLabelText('Buscar activos'), { target: { value: 'MS' } });
    fireEvent.click(await screen.findByRole('button', { name: /MSFT/ }));
    fireEvent.change(screen.getByLabelText('Número de unidades'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('add-asset-submit'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Su plan Gratis admite como máximo 5 activos en cartera. Cámbiese a Premium para tener hasta 25 activos en cartera.',
    );
  });

  it('falls back to the generic message when the server gives no detail', async () => {
    await renderDialog((request) => {
      if (request.path.startsWith('/api/portfolio/search'))
        return { body: { results: [MSFT], market_date: '2026-01-01' } };
      if (request.path.includes('check-feature')) return { body: access(true) };
      if (request.method === 'POST') return { status: 500, body: {} };
      return undefined;
    });
    await selectMsft();
    fireEvent.change(screen.getByLabelText('Number of shares'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('add-asset-submit'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to add asset. Please try again.'),
    );
  });
});
