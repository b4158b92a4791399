import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import series from '@/lib/backtest/track-record-series.generated.json';
import { TrackRecordPage } from './track-record-page';
import { growthAndDrawdown, longShortCalendar } from './track-record-data';

const REPLAY_CHAIN = { data_mode: 'replay', head: null, first_date: null, entries: 0, outcomes: [] };

/** The page with the API answering the chain's head with `chain`. */
async function renderPage(chain: unknown = REPLAY_CHAIN, language: 'en' | 'fr' | 'es' = 'en') {
  const requests = installFakeApi((request) =>
    request.path === '/api/ai/track-record/chain' ? { body: chain } : undefined,
  );
  const view = await renderWithProviders(withQueryClient(<TrackRecordPage />), { language });
  return { requests, view };
}

describe('track record page', () => {
  it('says replay keeps no live record and shows the backtest apart, with its caveats', async () => {
    await renderPage();
    expect((await screen.findByTestId('no-live-record')).textContent).toContain(
      'Replay mode has no live record',
    );
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

  it('live, shows how young the chain is, its head hash and how to verify it, in en, fr and es', async () => {
    const hash = 'ab'.repeat(32);
    const chain = {
      data_mode: 'live',
      head: { date: '2026-11-27', hash, formula_version: '2026-11-22', grade_count: 562 },
      first_date: '2026-11-23',
      entries: 4,
      outcomes: [],
    };
    // 2026-11-23 to 2026-11-27: 5 calendar days, 4 of them chained (the count the API gives).
    const english = await renderPage(chain);
    expect((await screen.findByTestId('chain-head')).textContent).toBe(hash);
    const live = screen.getByTestId('live-record').textContent;
    expect(live).toContain('4 market dates chained over 5 days');
    expect(live).toContain('562 grades, formula of 2026-11-22');
    expect(live).toContain('npm run verify-grade-chain');
    expect(screen.queryByTestId('no-live-record')).toBeNull();
    english.view.unmount();
    for (const [language, words] of [
      ['fr', '4 dates de marché chaînées sur 5 jours'],
      ['es', '4 fechas de mercado encadenadas en 5 días'],
    ] as const) {
      const { view } = await renderPage(chain, language);
      expect((await view.findByTestId('live-record')).textContent).toContain(words);
      view.unmount();
    }
  });

  it('live, shows the outcomes per horizon apart from the backtest, and none yet where no horizon has passed', async () => {
    const none = (months: number) => ({ months, dates: 0, first_date: null, last_date: null, grades: [] });
    const row = (
      grade: string,
      count: number,
      mean: number,
      median: number,
      excess: number,
      hit: number,
    ) => ({
      grade,
      count,
      mean_return: mean,
      median_return: median,
      excess_vs_spy: excess,
      hit_rate: hit,
    });
    const chain = {
      data_mode: 'live',
      head: { date: '2027-01-29', hash: 'cd'.repeat(32), formula_version: '2026-11-22', grade_count: 562 },
      first_date: '2026-11-23',
      entries: 48,
      outcomes: [
        {
          months: 1,
          dates: 26,
          first_date: '2026-11-23',
          last_date: '2026-12-28',
          grades: [
            row('A', 120, 2.34, 1.9, -0.25, 0.6),
            row('B', 0, 0, 0, 0, 0),
            row('all', 900, 1.5, 1.2, 0.1, 0.55),
          ],
        },
        none(3),
        none(6),
        none(12),
      ],
    };
    const english = await renderPage(chain);
    const month = within(await screen.findByTestId('live-outcomes-1'));
    expect(month.getByText('Over 1 month')).toBeTruthy();
    expect(
      month.getByText('26 graded dates recorded, from Nov 23, 2026 to Dec 28, 2026.', { exact: false }),
    ).toBeTruthy();
    const cells = (name: string) =>
      Array.from(
        month.getByRole('row', { name: new RegExp(`^${name} `) }).querySelectorAll('td'),
        (cell) => cell.textContent,
      );
    expect(cells('A')).toEqual(['120', '2.3%', '1.9%', '-0.3%', '60%']);
    expect(cells('All grades')).toEqual(['900', '1.5%', '1.2%', '0.1%', '55%']);
    // A grade without an observation is not listed.
    expect(month.queryByRole('row', { name: /^B / })).toBeNull();
    for (const months of [3, 6, 12])
      expect(screen.getByTestId(`live-outcomes-${months}`).textContent).toContain('None yet');
    english.view.unmount();
    const { view } = await renderPage(chain, 'fr');
    const french = (await view.findByTestId('live-outcomes-1')).textContent;
    expect(french).toContain('Sur 1 mois');
    expect(french).toContain('2,3');
    expect((await view.findByTestId('live-outcomes-3')).textContent).toContain('Pas encore');
    view.unmount();
    const spanish = await renderPage(chain, 'es');
    expect((await spanish.view.findByTestId('live-outcomes-12')).textContent).toContain('Aún ninguno');
  });

  it('live with no entry yet says the record has not started', async () => {
    await renderPage({ data_mode: 'live', head: null, first_date: null, entries: 0, outcomes: [] });
    expect((await screen.findByTestId('no-live-record')).textContent).toContain('No live record yet');
  });

  it("the calendar's cells are the committed A+/A minus D months, by the month-end they start from", async () => {
    await renderPage();
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
