import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpInvestor } from '../src/api';
import { TEST_REPLAY_SYMBOLS } from '../src/replay-symbols';
import { launchBrowser, newPage } from '../src/browser';
import { signInThroughDialog, WAIT } from './investor-helpers';

/*
 * Issue 39 in Chromium on the local stack: a FREE investor screens the replayed universe, keeps a
 * watchlist, adds the screener's first row to it and finds it on the watchlists page with the grade the
 * screener showed; the list is stored (a fresh API read returns it). The expected count is the test
 * stack's replayed symbols less the FX pairs (quoted, not graded) and DXC (first traded after the
 * market date), not the API's own total.
 */

interface ScreenerRow {
  symbol: string;
  grade: string | null;
}

describe('the screener and a watchlist in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('screens the graded universe, watches the first row and lists it with its grade', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Screener');
    const graded = TEST_REPLAY_SYMBOLS.filter((symbol) => !symbol.endsWith('=X') && symbol !== 'DXC');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);

    // A list to watch into, created on the watchlists page.
    await page.goto(`${webUrl}/watchlists`);
    await page.getByLabel('New list name').fill('Ideas');
    await page.getByRole('button', { name: 'Create list' }).click();
    const list = page.getByTestId('watchlist');
    await expect.poll(() => list.count(), WAIT).toBe(1);
    expect(await page.getByTestId('watchlists-usage').textContent()).toBe('Lists: 1 of 1');

    // The screener counts every graded symbol and offers each row to the list.
    await page.goto(`${webUrl}/screener`);
    const total = page.getByTestId('screener-total');
    await expect.poll(() => total.textContent(), WAIT).toContain(String(graded.length));
    const firstRow = page.getByTestId('screener-row').first();
    const screened = await api<{ rows: ScreenerRow[] }>(
      'GET',
      '/api/ai/screener?sort=score&order=desc&page=1',
      { token: investor.token },
    );
    expect(screened.status).toBe(200);
    const first = screened.body.rows[0]!;
    expect(await firstRow.textContent()).toContain(first.symbol);
    await firstRow.getByRole('button', { name: `Add ${first.symbol} to a watchlist` }).click();
    await expect
      .poll(() => page.getByText(`${first.symbol} added to Ideas.`).count(), WAIT)
      .toBeGreaterThan(0);

    // On the watchlists page, with the grade it had on the screener, today and when added.
    await page.goto(`${webUrl}/watchlists`);
    const entry = page.getByTestId('watchlist-entry');
    await expect.poll(() => entry.count(), WAIT).toBe(1);
    const cells = await entry.locator('td').allTextContents();
    expect(await entry.locator('th').textContent()).toBe(first.symbol);
    expect(cells[3]).toBe(first.grade);
    expect(cells[4]).toBe(first.grade);

    // Stored: a fresh request reads the list and its symbol back.
    const stored = await api<{ lists: { name: string; entries: { symbol: string }[] }[] }>(
      'GET',
      '/api/watchlists',
      { token: investor.token },
    );
    expect(stored.body.lists.map((kept) => [kept.name, kept.entries.map((item) => item.symbol)])).toEqual([
      ['Ideas', [first.symbol]],
    ]);
    await context.close();
  }, 120_000);
});
