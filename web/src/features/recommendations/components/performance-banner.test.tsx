import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import figures from '@/lib/backtest/backtest-figures.generated.json';
import { PerformanceBanner } from './performance-banner';

/** The committed backtest's summary (backtest-figures.test.ts checks it against docs/backtest). */
const committed = figures;

describe('recommendations track record card', () => {
  it('states only what the committed universe backtest measured, with links to it', async () => {
    await renderWithProviders(<PerformanceBanner />);
    const card = screen.getByTestId('rec-track-record');
    const text = card.textContent ?? '';
    // The former claims (94 % accuracy on 187 recommendations, the replayed hit rate) are gone.
    expect(text).not.toMatch(/94\s?%|187|accuracy|signals moved/);
    const { universe } = committed;
    expect(text).toContain(
      `We graded ${universe.symbols} US stocks and ETFs at ${universe.month_ends} month-ends, ${universe.first_month_end} to ${universe.last_month_end}`,
    );
    expect(text).toContain('survivorship bias');
    expect(screen.getByRole('link', { name: 'Track record: the backtest, drawn' }).getAttribute('href')).toBe(
      '/track-record',
    );
    expect(screen.getByRole('link', { name: 'The backtest, figure by figure' }).getAttribute('href')).toBe(
      '/methodology#backtest',
    );
  });

  it('speaks the reader’s language', async () => {
    await renderWithProviders(<PerformanceBanner />, { language: 'fr' });
    expect(screen.getByTestId('rec-track-record').textContent).toContain(
      `${committed.universe.month_ends} fins de mois`,
    );
  });
});
