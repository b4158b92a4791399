import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { HomePage } from './home-page';
import figures from '@/lib/backtest/backtest-figures.generated.json';

describe('home page: no claim without its measurement', () => {
  it('states no unmeasured performance figure and points to the measured record and its method', async () => {
    await renderWithProviders(<HomePage />);
    const record = screen.getByTestId('home-track-record');
    // The former claims (94 % accuracy, 67 % higher returns, 10K+ investors, 0 % victims) are gone.
    expect(document.body.textContent).not.toMatch(/94\s?%|67\s?%|10K\+|Speculation victims/);
    expect(screen.getByRole('link', { name: 'See the measured track record' }).getAttribute('href')).toBe(
      '/recommendations',
    );
    expect(screen.getByRole('link', { name: 'How it is measured' }).getAttribute('href')).toBe(
      '/methodology#track-record',
    );
    expect(screen.getByRole('link', { name: 'Track record: the backtest, drawn' }).getAttribute('href')).toBe(
      '/track-record',
    );
    expect(screen.getByRole('link', { name: 'The backtest, figure by figure' }).getAttribute('href')).toBe(
      '/methodology#backtest',
    );
    // The figures stated are the committed backtest's, formatted by hand here: out of sample, 3 months.
    const spread = figures.periods.out_of_sample.long_short.grade['3'];
    const rows = figures.periods.out_of_sample.grades_3m;
    const fall = (bucket: string) =>
      Math.abs(rows.find((row) => row.bucket === bucket)?.forward_max_drawdown ?? 0);
    expect(record.textContent).toContain('The grade did not predict returns');
    expect(record.textContent).toContain(
      `did ${spread.mean?.toFixed(2)} points against D-graded ones over the next 3 months (t = ${spread.t_statistic?.toFixed(2)}`,
    );
    expect(record.textContent).toContain(
      `fell ${fall('A+/A').toFixed(1)}% on average from their peak, D-graded ones ${fall('D').toFixed(1)}%`,
    );
    expect(record.textContent).toContain('survivorship bias');
    expect(record.textContent).toContain('adjusted for splits and dividends');
  });
});
