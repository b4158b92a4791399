import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { HomePage } from './home-page';

/** The public demo list as the API answers it, carrying the measured backtest. */
function serveBacktest(backtest: unknown) {
  return installFakeApi((request) =>
    request.path === '/api/ai/recommendations/demo_user'
      ? {
          body: {
            status: 'success',
            user_id: 'demo_user',
            recommendations: [],
            total_available: 0,
            tier_cap: 3,
            data_mode: 'replay',
            market_date: '2018-06-29',
            backtest,
          },
        }
      : undefined,
  );
}

describe('home page claims beside measurements', () => {
  it('each performance claim stands beside its measured twin, period, sample and methodology link', async () => {
    serveBacktest({
      hit_rate: 0.695,
      recommendations: 280,
      mean_excess_return: 2.43,
      window: 'month-ends from 2000-01 to 2018-03, forward 3 months, replay data',
    });
    await renderWithProviders(withQueryClient(<HomePage />));

    const pairs = await screen.findAllByTestId('claim-pair');
    // Two claims on the page (94 % accuracy, 67 % higher returns): each has its twin.
    expect(pairs).toHaveLength(2);
    const [accuracy, returns] = pairs.map((pair) => within(pair));
    expect(accuracy?.getByTestId('claim').textContent).toContain('94%');
    // 0.695 x 100 = 69.5 %, of 280.
    await expect
      .poll(() => accuracy?.getByTestId('measured').textContent)
      .toBe('Measured: 69.5% of 280 buy-rated month-ends were higher at the end of the window');
    expect(returns?.getByTestId('claim').textContent).toContain('67%');
    expect(returns?.getByTestId('measured').textContent).toBe(
      'Measured: +2.43 points against the S&P 500 on average over the same windows, on 280 buy-rated month-ends',
    );
    for (const pair of [accuracy, returns]) {
      expect(pair?.getByTestId('measured-period').textContent).toBe(
        'Period and sample: month-ends from 2000-01 to 2018-03, forward 3 months, replay data',
      );
      expect(pair?.getByTestId('measured-link').getAttribute('href')).toBe('/methodology#track-record');
    }
    // The unmeasured figures are gone.
    expect(screen.queryByText('10K+')).toBeNull();
    expect(screen.queryByText('Speculation victims')).toBeNull();
  });

  it('says "not measured" beside a claim when there is no backtest', async () => {
    serveBacktest(null);
    await renderWithProviders(withQueryClient(<HomePage />));
    const pairs = await screen.findAllByTestId('claim-pair');
    await expect
      .poll(() => pairs.map((pair) => within(pair).getByTestId('measured').textContent))
      .toEqual([
        'Not measured: no backtest is available on this data yet.',
        'Not measured: no backtest is available on this data yet.',
      ]);
  });
});
