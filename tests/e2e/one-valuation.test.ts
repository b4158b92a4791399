import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { seededFigures, seedPortfolio } from '../src/replay-closes';
import { signInThroughDialog, WAIT } from './investor-helpers';

/**
 * Every number agrees with every other (issue 45, docs/product.md "One valuation"): the dashboard, the
 * portfolio page and the transactions page show the same total value, cost, gain and month's return
 * for one seeded portfolio, and value - cost = gain wherever both are shown. Expected figures are
 * computed from the replay's CSVs (tests/src/replay-closes.ts), never read from the API.
 */

/** The number in a displayed amount or percentage ("$2,741.56", "+1.23%"), sign included. */
function numberIn(text: string | null): number {
  const cleaned = (text ?? '').replace(/[^0-9.+-]/g, '');
  return Number(cleaned.replace('+', ''));
}

const figure = (page: Page, testId: string) => async () =>
  numberIn(await page.getByTestId(testId).textContent());

describe('one valuation on every screen, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the same value, cost, gain and month on the dashboard, portfolio and transactions pages', async () => {
    const { webUrl } = inject('stack');
    const expected = seededFigures();
    const investor = await signUpInvestor('Agnes');
    await seedPortfolio(investor);
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);

    // Dashboard: the total value card, and the value chart's caption ("... then $X").
    await expect.poll(figure(page, 'dashboard-total-value'), WAIT).toBe(expected.value);
    const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect
      .poll(() => page.getByTestId('portfolio-value-summary').textContent(), WAIT)
      .toContain(money.format(expected.value));

    // Portfolio page: value, cost, gain (value - cost) and the month's return; MSFT says it has no price.
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(figure(page, 'portfolio-total-value'), WAIT).toBe(expected.value);
    expect(await figure(page, 'portfolio-total-cost')()).toBe(expected.cost);
    expect(await figure(page, 'portfolio-total-gain')()).toBe(expected.gain);
    expect(expected.value - expected.cost).toBeCloseTo(expected.gain, 2);
    expect(await figure(page, 'portfolio-monthly-return')()).toBe(expected.monthPercent);
    await expect.poll(() => page.getByTestId('holding-MSFT').textContent(), WAIT).toMatch(/no (price|data)/i);
    // Who drives its grade (issue 41): the picture's table has a row per graded holding; MSFT is not counted.
    const attribution = page.getByTestId('portfolio-attribution');
    await expect
      .poll(
        () =>
          attribution
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol'))),
        WAIT,
      )
      .toEqual(['AAPL', 'SPY']);
    expect(await attribution.textContent()).toMatch(/Not counted .*MSFT/);

    // Transactions page: the same value, the unrealised gain, and the "1 month" return.
    await page.goto(`${webUrl}/portfolio/transactions`);
    await expect.poll(figure(page, 'ledger-value'), WAIT).toBe(expected.value);
    expect(await figure(page, 'ledger-unrealised')()).toBe(expected.gain);
    expect(await figure(page, 'ledger-return-1M')()).toBe(expected.monthPercent);
    // MSFT is listed there too, as on the portfolio page: no data on the market date.
    expect(await page.getByTestId('ledger-holding-MSFT').textContent()).toMatch(/no data/i);
    await context.close();
  }, 180_000);
});
