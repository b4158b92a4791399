import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@app/web/kit/test/render';
import { AnalystFallbacksCard } from './analyst-fallbacks-card';

const FALLBACKS = {
  today: { total: 3, guard: 2, timeout: 1, model_error: 0 },
  last_7_days: { total: 1234, guard: 1000, timeout: 200, model_error: 34 },
};

/** Each row's cells as read: the reason, then today, then the 7 days. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('analyst fallbacks on the admin overview', () => {
  it('shows today and the 7 days per reason, in English', async () => {
    await renderWithProviders(<AnalystFallbacksCard fallbacks={FALLBACKS} />, { language: 'en' });

    expect(screen.getByRole('heading', { name: 'Analyst answers replaced by the template' })).toBeTruthy();
    expect(rowsOf(screen.getByTestId('admin-analyst-fallbacks'))).toEqual([
      ['All reasons', '3', '1,234'],
      ['Failed the guard', '2', '1,000'],
      ['Timed out', '1', '200'],
      ['Model error', '0', '34'],
    ]);
  });

  it('reads in French and Spanish, with their number grouping', async () => {
    const { unmount } = await renderWithProviders(<AnalystFallbacksCard fallbacks={FALLBACKS} />, {
      language: 'fr',
    });
    const french = rowsOf(screen.getByTestId('admin-analyst-fallbacks'));
    expect(french[0]?.[0]).toBe('Tous motifs');
    expect(french[0]?.[2]?.replace(/\s/gu, ' ')).toBe('1 234');
    expect(screen.getByText('7 derniers jours')).toBeTruthy();
    unmount();

    await renderWithProviders(<AnalystFallbacksCard fallbacks={FALLBACKS} />, { language: 'es' });
    expect(rowsOf(screen.getByTestId('admin-analyst-fallbacks'))[2]?.slice(0, 2)).toEqual([
      'Tiempo agotado',
      '1',
    ]);
    expect(screen.getByText('Respuestas del analista sustituidas por la plantilla')).toBeTruthy();
  });
});
