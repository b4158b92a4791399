import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import figures from '@/lib/backtest/backtest-figures.generated.json';
import { AboutPage } from './about-page';

describe('about page: the protection claim states what the backtest measured', () => {
  it("gives the 2007-2017 3-month falls of D and A+/A graded assets, with the data's caveats and a link", async () => {
    await renderWithProviders(<AboutPage />);
    const rows = figures.periods.full.grades_3m;
    const fall = (bucket: string) =>
      Math.abs(rows.find((row) => row.bucket === bucket)?.forward_max_drawdown ?? 0).toFixed(1);
    const text = document.body.textContent ?? '';
    expect(text).toContain(
      `D-graded assets fell ${fall('D')}% from their peak on average, A-graded ones ${fall('A+/A')}%`,
    );
    expect(text).toContain('companies still listed in 2017 only, adjusted prices');
    expect(text).not.toContain('before they hurt your savings');
    expect(screen.getByRole('link', { name: 'The backtest, figure by figure' }).getAttribute('href')).toBe(
      '/methodology#backtest',
    );
  });
});
