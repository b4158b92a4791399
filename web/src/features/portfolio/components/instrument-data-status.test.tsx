import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { InstrumentDataStatus } from './instrument-data-status';

const base = {
  symbol: 'GC=F',
  name: null,
  asset_type: 'alternative',
  data_mode: 'live',
  reason: null,
  reason_code: null,
  requested_at: null,
  progress: null,
  quote: null,
  grade: null,
  composite_score: null,
  last_date: null,
};

describe('InstrumentDataStatus', () => {
  it('asks once for a symbol not fetched, shows the progress, then the grade without a reload', async () => {
    let stored = 0;
    let state: 'not_fetched' | 'pending' | 'ready' = 'not_fetched';
    const requests = installFakeApi((request) => {
      if (request.method === 'POST' && request.path === '/api/portfolio/instruments/GC%3DF/fetch') {
        state = 'pending';
        return {
          body: {
            ...base,
            state,
            requested_at: '2026-11-24T12:00:00.000Z',
            progress: { bars_stored: 0, fundamentals: 'not_applicable' },
          },
        };
      }
      if (request.path !== '/api/portfolio/instruments/GC%3DF') return undefined;
      if (state === 'pending') {
        stored += 250;
        if (stored > 250) state = 'ready';
        return {
          body: {
            ...base,
            state: 'pending',
            progress: { bars_stored: stored, fundamentals: 'not_applicable' },
          },
        };
      }
      if (state === 'ready') {
        return {
          body: {
            ...base,
            state,
            grade: 'B',
            composite_score: 55.25,
            quote: { price: 2031.5, as_of: '2026-11-23', source: 'Yahoo Finance', mode: 'live' },
          },
        };
      }
      return { body: { ...base, state } };
    });
    await renderWithProviders(withQueryClient(<InstrumentDataStatus symbol="GC=F" />), { language: 'en' });
    expect(await screen.findByText(/250 daily prices stored so far/, {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId('instrument-status').textContent).toBe(
          'Grade B · score 55.3 · $2,031.50 on Nov 23, 2026 (Yahoo Finance)',
        ),
      { timeout: 8_000 },
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  }, 20_000);

  it('says why there is no grade, in the server’s words', async () => {
    installFakeApi(() => ({
      body: {
        ...base,
        data_mode: 'replay',
        state: 'live_only',
        reason: 'Le rejeu n’a pas d’historique pour GC=F : il est disponible en mode direct.',
        reason_code: 'INSTRUMENT_LIVE_ONLY',
      },
    }));
    await renderWithProviders(withQueryClient(<InstrumentDataStatus symbol="GC=F" />), { language: 'fr' });
    expect(
      await screen.findByText('Le rejeu n’a pas d’historique pour GC=F : il est disponible en mode direct.'),
    ).toBeTruthy();
  });

  it('names the replay in words, never its package path, and an FX quote as a rate (issue 45)', async () => {
    const ready = (symbol: string, price: number, source: string) => ({
      body: {
        ...base,
        symbol,
        data_mode: 'replay',
        state: 'ready',
        grade: 'C',
        composite_score: 48.04,
        quote: { price, as_of: '2016-12-30', source, mode: 'replay' },
      },
    });
    installFakeApi(() => ready('BTC-USD', 963.743, 'replay:@visx/mock-data/lib/mocks/bitcoinPrice.js'));
    await renderWithProviders(withQueryClient(<InstrumentDataStatus symbol="BTC-USD" />), { language: 'en' });
    await waitFor(() =>
      expect(screen.getByTestId('instrument-status').textContent).toBe(
        'Grade C · score 48.0 · $963.74 on Dec 30, 2016 (historical replay)',
      ),
    );
  });

  it('shows an FX pair at its rate, in French', async () => {
    installFakeApi(() => ({
      body: {
        ...base,
        symbol: 'EURUSD=X',
        data_mode: 'replay',
        state: 'ready',
        grade: 'C',
        composite_score: 50,
        quote: {
          price: 1.05230199,
          as_of: '2016-12-30',
          source: 'replay:vega-datasets/x.csv',
          mode: 'replay',
        },
      },
    }));
    await renderWithProviders(withQueryClient(<InstrumentDataStatus symbol="EURUSD=X" />), {
      language: 'fr',
    });
    await waitFor(() =>
      expect(screen.getByTestId('instrument-status').textContent).toBe(
        'Note C · score 50,0 · 1,0523 le 30 déc. 2016 (rejeu historique)',
      ),
    );
  });
});
