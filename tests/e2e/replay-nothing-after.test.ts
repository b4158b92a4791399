import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { api, signUpInvestor } from '../src/api';
import { signInAdminInBrowser } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';
import { FX_PAIRS } from '../src/replay-symbols';
import { signInThroughDialog, WAIT } from './investor-helpers';

/**
 * Issue 45: at the suites' frozen market date (2017-01-01, tests/vitest.config.ts) every screen's
 * rendered text, in English, French and Spanish, names no date after it (no headline, price or
 * catalyst of the replay's future), no internal identifier (a package path, a series id such as
 * AAPL-2007) and no raw float (more decimals than any unit here needs: four for an FX rate). The admin
 * monitor shows FX pairs as rates, never with a dollar sign, and no series id or raw float; its
 * operational times (when the poll last ran, wall-clock) and its data-source credits are not market
 * data and are not checked for dates or package names.
 */

type Language = 'en' | 'fr' | 'es';
const MARKET_DATE = '2017-01-01';

const INVESTOR_SCREENS = [
  '/dashboard',
  '/portfolio',
  '/portfolio/transactions',
  '/recommendations',
  '/screener',
  '/alerts',
] as const;

/** Month names as each language writes them in a date: learnt from the formatter, by month number. */
function monthNames(language: Language): Map<string, number> {
  const names = new Map<string, number>();
  for (let month = 1; month <= 12; month += 1) {
    const shown = formatDate(`2017-${String(month).padStart(2, '0')}-15`, language, 'UTC');
    names.set(shown.replace(/[\d,]/g, '').trim(), month);
  }
  return names;
}

/** Every day-precise date in the text (e.g. "Sep 12, 2017", "12 sept. 2017", "2017-09-12"), as ISO. */
function datesIn(text: string, language: Language): string[] {
  const months = monthNames(language);
  const alternatives = [...months.keys()].map((name) => name.replace(/[.]/g, '\\.')).join('|');
  const iso = (year: string, month: number, day: string) =>
    `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  const found = [...text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)].map((match) => match[0]);
  const pattern =
    language === 'en'
      ? new RegExp(`(${alternatives}) (\\d{1,2}), (\\d{4})`, 'g')
      : new RegExp(`(\\d{1,2}) (${alternatives}) (\\d{4})`, 'g');
  for (const match of text.matchAll(pattern)) {
    const [, first = '', second = '', year = ''] = match;
    const [name, day] = language === 'en' ? [first, second] : [second, first];
    found.push(iso(year, months.get(name) ?? 0, day));
  }
  return found;
}

/** What must never be on screen, each with a few words around it (`admin`: see above). */
function problemsIn(text: string, language: Language, admin = false): string[] {
  const around = (index: number) => text.slice(Math.max(0, index - 40), index + 40).replace(/\s+/g, ' ');
  const problems: string[] = [];
  for (const date of admin ? [] : datesIn(text, language)) {
    if (date > MARKET_DATE) problems.push(`date ${date} after the market date`);
  }
  const checks: [string, RegExp][] = [
    ['series id', /\b[A-Z]{1,5}-(?:19|20)\d{2}\b/g],
    ['raw float', /\d[.,]\d{5,}/g],
  ];
  if (!admin) checks.push(['package path', /@visx|vega-datasets|replay:|node_modules|\.(?:js|csv|json)\b/g]);
  for (const [label, pattern] of checks) {
    for (const match of text.matchAll(pattern)) problems.push(`${label} in "…${around(match.index)}…"`);
  }
  return problems;
}

async function settledText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.body.innerText);
}

/**
 * An investor screen's text, less the recommendations page's track-record card: the engine's published
 * backtest (docs/backtest, 2007-04-30 to 2017-10-31), a fixed study of the method, not the replayed
 * market at a date.
 */
async function screenText(page: Page): Promise<string> {
  const text = await settledText(page);
  const card = page.getByTestId('rec-track-record');
  if ((await card.count()) === 0) return text;
  return text.split(await card.first().innerText()).join(' ');
}

describe('nothing after the market date, nothing internal, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the checks able to see the problems the issue saw', () => {
    expect(problemsIn('Apple unveils $999 iPhone X · Sep 12, 2017', 'en')).toHaveLength(1);
    expect(problemsIn('sa série va du 4 avr. 2017 au 10 nov. 2017', 'fr')).toHaveLength(2);
    expect(problemsIn('su serie va del 4 abr 2017 al 10 nov 2017', 'es')).toHaveLength(2);
    expect(problemsIn('(replay:@visx/mock-data/lib/mocks/bitcoinPrice.js)', 'en').length).toBeGreaterThan(0);
    expect(problemsIn('No data on Jan 1, 2017: AAPL-2007, FB', 'en')).toHaveLength(1);
    expect(problemsIn('at 143.660004 · P/E 17.16646659', 'en')).toHaveLength(2);
    expect(problemsIn('Replay · Jan 1, 2017 · Dec 30, 2016 · $1,234.56 · 1.0523', 'en')).toEqual([]);
  });

  it.each(['en', 'fr', 'es'] as const)(
    'the investor screens, the contextual view and the add dialog in %s',
    async (language) => {
      const { webUrl } = inject('stack');
      const strings = resources[language];
      const investor = await signUpInvestor('Future');
      const saved = await api('PATCH', '/api/auth/me', { token: investor.token, body: { language } });
      expect(saved.status).toBe(200);
      for (const body of [
        { symbol: 'AAPL', shares: 3, asset_type: 'stock', purchase_price: 110.123456 },
        { symbol: 'BTC-USD', shares: 0.5, asset_type: 'crypto' },
      ]) {
        const added = await api('POST', '/api/portfolio/holdings', {
          token: investor.token,
          body,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        });
        expect(added.status, added.text).toBe(201);
      }

      const { context, page } = await newPage(browser);
      await signInThroughDialog(page, investor.email, investor.password);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
      const found: string[] = [];
      for (const screen of INVESTOR_SCREENS) {
        await page.goto(`${webUrl}${screen}`);
        await expect.poll(() => page.getByTestId('market-date').count(), WAIT).toBe(1);
        found.push(...problemsIn(await screenText(page), language).map((hit) => `${screen}: ${hit}`));
      }
      // The contextual view opens in demo mode: the curated headlines, only those already published.
      await page.goto(`${webUrl}/recommendations`);
      await page.getByRole('tab', { name: strings.recommendations.tabs.contextual }).click();
      await expect.poll(() => page.getByTestId('sample-headline').count(), WAIT).toBeGreaterThan(0);
      found.push(...problemsIn(await screenText(page), language).map((hit) => `contextual: ${hit}`));

      // The add dialog with Bitcoin chosen: its grade line, its price, coins rather than shares.
      await page.goto(`${webUrl}/portfolio`);
      await page.getByTestId('add-asset-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(strings.portfolio.addDialog.search.label).fill('BTC-USD');
      await dialog
        .getByTestId('search-results')
        .getByRole('button', { name: /^BTC-USD\b/ })
        .first()
        .click();
      await expect.poll(() => dialog.getByTestId('instrument-status').count(), WAIT).toBe(1);
      await expect
        .poll(() => dialog.getByLabel(strings.portfolio.addDialog.coins.label).count(), WAIT)
        .toBe(1);
      found.push(...problemsIn(await dialog.innerText(), language).map((hit) => `add dialog: ${hit}`));

      expect(found).toEqual([]);
      await context.close();
    },
    240_000,
  );

  it('the admin site in en, fr and es: FX as rates, no series id, no raw float', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    const found: string[] = [];
    for (const language of ['en', 'fr', 'es'] as const) {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
      for (const tab of ['overview', 'priceMonitor'] as const) {
        await page.getByRole('tab', { name: resources[language].admin.tabs[tab] }).click();
        const text = await settledText(page);
        found.push(...problemsIn(text, language, true).map((hit) => `${language} ${tab}: ${hit}`));
      }
      const table = page.getByTestId('price-monitor-table');
      await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
      for (const pair of FX_PAIRS) {
        const row = table.locator('tbody tr', { has: page.getByRole('rowheader', { name: pair }) });
        if ((await row.count()) === 0) continue;
        const text = await row.innerText();
        if (/\$/.test(text)) found.push(`${language} price monitor: ${pair} shown in dollars: ${text}`);
      }
      await page.getByTestId('language-cycle').click();
    }
    expect(found).toEqual([]);
    await context.close();
  }, 180_000);
});
