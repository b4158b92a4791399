import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { BacktestSection } from './backtest-section';
import { BACKTEST_FIGURES } from '@/lib/backtest/backtest-claims';

// Expected strings are written from the committed JSON's values by hand-formatting (en-US: 2 decimals,
// minus sign as a hyphen), not from the component's own formatter.
const fixed = (value: number | null, digits = 2) => (value === null ? '—' : value.toFixed(digits));

describe('methodology: the backtest section states the committed figures', () => {
  it('shows every A-minus-D spread and t of the committed backtest, in and out of sample', async () => {
    await renderWithProviders(<BacktestSection />);
    const table = screen.getByTestId('backtest-long-short');
    for (const sort of ['grade', 'low_volatility', 'momentum_3m'] as const) {
      for (const h of ['1', '3', '6', '12'] as const) {
        const cells = [...table.querySelectorAll(`tr[data-sort="${sort}"][data-horizon="${h}"] td`)].map(
          (cell) => cell.textContent,
        );
        const inSample = BACKTEST_FIGURES.periods.in_sample.long_short[sort][h];
        const outOfSample = BACKTEST_FIGURES.periods.out_of_sample.long_short[sort][h];
        expect(cells.slice(1, 5)).toEqual([
          fixed(inSample.mean),
          fixed(inSample.t_statistic),
          fixed(outOfSample.mean),
          fixed(outOfSample.t_statistic),
        ]);
      }
    }
  });

  it('states the verdict the figures allow, the drawdown comparison and the caveats beside them', async () => {
    await renderWithProviders(<BacktestSection />);
    const spread = BACKTEST_FIGURES.periods.out_of_sample.long_short.grade['3'];
    expect(BACKTEST_FIGURES.predictive_out_of_sample).toBe(false);
    expect(screen.getByTestId('backtest-verdict').textContent).toContain('the grade did not predict returns');
    expect(screen.getByTestId('backtest-verdict').textContent).toContain(
      `${fixed(spread.mean)} points against D graded ones over the next 3 months (t = ${fixed(spread.t_statistic)})`,
    );
    const top = BACKTEST_FIGURES.periods.full.grades_3m.find((row) => row.bucket === 'A+/A');
    const bottom = BACKTEST_FIGURES.periods.full.grades_3m.find((row) => row.bucket === 'D');
    const drawdown = screen.getByTestId('backtest-drawdown').textContent;
    // Stated as the size of the fall: "fell 8.4%" for a drawdown of -8.42.
    expect(drawdown).toContain(`fell ${fixed(-(top?.forward_max_drawdown ?? 0), 1)}%`);
    expect(drawdown).toContain(`D graded ones ${fixed(-(bottom?.forward_max_drawdown ?? 0), 1)}%`);
    expect(screen.getByTestId('backtest-caveats').textContent).toContain('Survivorship bias');
    expect(screen.getByTestId('backtest-caveats').textContent).toContain('adjusted for splits and dividends');
    const grades = within(screen.getByTestId('backtest-grades-out_of_sample'));
    expect(grades.getByRole('rowheader', { name: 'D' })).toBeTruthy();
    expect(screen.getByText(/History of the formula/)).toBeTruthy();
  });

  it('reads in French and Spanish too', async () => {
    await renderWithProviders(<BacktestSection />, { language: 'fr' });
    expect(screen.getByTestId('backtest-verdict').textContent).toContain(
      "la note n'a pas prédit les rendements",
    );
  });
});
