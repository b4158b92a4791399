import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PerformanceResponse } from '@app/shared/domain/entities/ledger';
import { renderWithProviders } from '@/kit/test/render';
import { PERFORMANCE_RETURNS, performanceWith } from '@/features/dashboard/test/fixtures';
import { MarketSparkline } from './market-sparkline';
import { PortfolioValueCard } from './portfolio-value-card';

describe('the dashboard pictures', () => {
  it('names a sparkline in words: its dates, first and last close', async () => {
    await renderWithProviders(
      <MarketSparkline recent={{ from: '2016-11-17', to: '2016-12-30', closes: [2181.9, 2200, 2238.83] }} />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Closing prices from Nov 17, 2016 to Dec 30, 2016: 2,181.9 then 2,238.83.',
    );
  });

  it("summarises the portfolio's value over time from the ledger's series, and says so when there is none", async () => {
    const base = performanceWith(PERFORMANCE_RETURNS) as PerformanceResponse;
    const performance: PerformanceResponse = {
      ...base,
      series: [
        { date: '2016-06-03', value_base: 1000, invested_base: 1000, benchmark_value_base: 1000 },
        { date: '2016-12-30', value_base: 1250.5, invested_base: 1100, benchmark_value_base: 1080 },
      ],
    };
    const { unmount } = await renderWithProviders(<PortfolioValueCard performance={performance} />, {
      language: 'es',
    });
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-value-summary').textContent).toBe(
        // Amounts and dates in es-ES (shared formatting.ts): no group separator under five digits, 'US$' after a
        // no-break space.
        'Del 3 jun 2016 al 30 dic 2016: valor 1000,00\u00a0US$ y luego 1250,50\u00a0US$, dinero invertido 1100,00\u00a0US$.',
      ),
    );
    unmount();
    await renderWithProviders(<PortfolioValueCard performance={{ ...performance, series: [] }} />);
    expect(screen.getByText(/No transaction is recorded yet/)).toBeTruthy();
  });
});
