import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import series from '@/lib/backtest/track-record-series.generated.json';
import { TrackRecordPage } from './track-record-page';
import { growthAndDrawdown, longShortCalendar } from './track-record-data';

describe('track record page', () => {
  it('says replay keeps no live record and shows the backtest apart, with its caveats', async () => {
    await renderWithProviders(<TrackRecordPage />);
    expect(screen.getByTestId('no-live-record').textContent).toContain('Replay mode has no live record');
    expect(document.body.textContent).toContain('Survivorship bias');
    // The charts load on demand, each described for screen readers.
    expect(
      await screen.findByRole('img', { name: /growth of 1 held in each grade/ }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /fall from its previous peak/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The backtest, figure by figure' }).getAttribute('href')).toBe(
      '/methodology#backtest',
    );
  });

  it("the calendar's cells are the committed A+/A minus D months, by the month-end they start from", async () => {
    await renderWithProviders(<TrackRecordPage />);
    const calendar = within(screen.getByTestId('long-short-calendar'));
    // 2008-09-30 is month-end index 17 (April 2007 is index 0); its value is read from the file.
    expect(series.month_ends[17]).toBe('2008-09-30');
    const row = calendar.getByRole('rowheader', { name: '2008' }).closest('tr') as HTMLElement;
    const september = row.querySelector('td[data-month="9"]')?.textContent;
    expect(september).toBe((series.long_short[17] as number).toFixed(1));
    // 2007 starts in April: January to March are empty.
    const first = calendar.getByRole('rowheader', { name: '2007' }).closest('tr') as HTMLElement;
    expect(first.querySelector('td[data-month="1"]')?.textContent).toBe('—');
  });

  it('compounds each line from 1 and measures its fall from the running peak', () => {
    const tiny = {
      month_ends: ['2010-01-29', '2010-02-26', '2010-03-31', '2010-04-30'],
      lines: { A: [10, -50, 100, null], SPY: [0, 0, 0, null] },
      long_short: [1, null, -2, null],
    };
    const { growth, drawdown } = growthAndDrawdown(tiny);
    // 1 -> 1.1 -> 0.55 -> 1.1; the fall from 1.1 to 0.55 is -50 %.
    expect(growth.map((point) => Number((point.A as number).toFixed(10)))).toEqual([1, 1.1, 0.55, 1.1]);
    expect(drawdown.map((point) => Number((point.A as number).toFixed(10)))).toEqual([0, 0, -50, 0]);
    expect(longShortCalendar(tiny)).toEqual([
      { year: 2010, months: [1, null, -2, null, ...Array(8).fill(null)] },
    ]);
  });
});
