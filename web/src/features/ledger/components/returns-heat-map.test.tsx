import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { ReturnsHeatMap } from './returns-heat-map';

/*
 * Issue 44: the monthly returns heat map says what it shows (best and worst month) and keeps the same
 * figures as a table, a year a row, a month a column, in the reader's language.
 */
const months = [
  { year: 2023, month: 11, time_weighted: 0.0125, covers_full_period: false },
  { year: 2023, month: 12, time_weighted: -0.034, covers_full_period: true },
  { year: 2024, month: 1, time_weighted: 0.05, covers_full_period: true },
];

describe('ReturnsHeatMap', () => {
  it('summarises the picture and gives each month a cell of its year in the table, in French', async () => {
    await renderWithProviders(<ReturnsHeatMap months={months} language="fr" />, { language: 'fr' });

    const picture = screen.getByRole('img');
    expect(picture.getAttribute('aria-label')).toMatch(
      /meilleur janv\. 2024 \+5\s%, pire déc\. 2023 -3,4\s%/,
    );
    const table = screen.getByTestId('ledger-monthly-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells2023 = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells2023.slice(10).map((text) => text?.replace(/\s/g, ' '))).toEqual(['+1,3 %', '-3,4 %']);
    const cells2024 = within(rows[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells2024[0]?.replace(/\s/g, ' ')).toBe('+5 %');
    expect(cells2024.slice(1).every((text) => text === '')).toBe(true);
  });
});
