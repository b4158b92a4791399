import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { api, signUpInvestor } from '../src/api';
import { signInAdminInBrowser } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';
import { signInThroughDialog, WAIT } from './investor-helpers';

/**
 * Over replayed history nothing claims to be live (functions/src/market-data/README.md "The market
 * clock"): the rendered text of the investor screens and of the admin site, in English, French and
 * Spanish, never says "live", "real-time" or "today" (nor "en direct", "temps réel", "aujourd’hui",
 * "du jour"; "en directo", "en vivo", "tiempo real", "hoy"), and the header of both sites names the
 * replay's date. The one sentence allowed to name live mode is the contextual view's note that real
 * catalysts need it (taken from the resources, so a changed note cannot widen the exception).
 *
 * Not covered: the plan and pricing pages, which describe what each plan offers in live mode.
 */

type Language = 'en' | 'fr' | 'es';

const LIVE_WORDING: Record<Language, RegExp[]> = {
  en: [/\blive\b/i, /real[- ]time/i, /\btoday\b/i],
  fr: [/\blive\b/i, /en direct/i, /temps r[ée]el/i, /aujourd[’']hui/i, /\bdu jour\b/i],
  es: [/\blive\b/i, /en directo/i, /en vivo/i, /tiempo real/i, /\bhoy\b/i],
};

/** The replay's header, as each language writes the run's frozen market date (2017-01-01). */
const HEADER: Record<Language, string> = {
  en: 'Replay · Jan 1, 2017',
  fr: 'Rejeu · 1 janv. 2017',
  es: 'Reproducción · 1 ene 2017',
};

const INVESTOR_SCREENS = ['/dashboard', '/portfolio', '/recommendations', '/alerts'] as const;

function liveWordingIn(text: string, language: Language): string[] {
  const allowed = resources[language].contextual.mode.realReplay;
  const checked = text.split(allowed).join(' ');
  return LIVE_WORDING[language].flatMap((pattern) => {
    const match = pattern.exec(checked);
    if (!match) return [];
    const start = Math.max(0, match.index - 40);
    return [`${String(pattern)} in "…${checked.slice(start, match.index + 40).replace(/\s+/g, ' ')}…"`];
  });
}

async function settledText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.body.innerText);
}

describe('no live wording over replayed history, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['en', 'fr', 'es'] as const)(
    'the investor screens in %s',
    async (language) => {
      const { webUrl } = inject('stack');
      const investor = await signUpInvestor('Rita');
      const saved = await api('PATCH', '/api/auth/me', { token: investor.token, body: { language } });
      expect(saved.status).toBe(200);
      const added = await api('POST', '/api/portfolio/holdings', {
        token: investor.token,
        body: { symbol: 'AAPL', shares: 2, asset_type: 'stock', purchase_price: 110 },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(added.status).toBe(201);

      const { context, page } = await newPage(browser);
      await signInThroughDialog(page, investor.email, investor.password);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
      const found: string[] = [];
      for (const screen of INVESTOR_SCREENS) {
        await page.goto(`${webUrl}${screen}`);
        await expect.poll(() => page.getByTestId('market-date').textContent(), WAIT).toBe(HEADER[language]);
        found.push(...liveWordingIn(await settledText(page), language).map((hit) => `${screen}: ${hit}`));
      }
      // The contextual view: its sample headlines and the Real Data toggle's note.
      await page.goto(`${webUrl}/recommendations`);
      await page.getByRole('tab', { name: resources[language].recommendations.tabs.contextual }).click();
      await expect
        .poll(() => page.getByTestId('real-data-note').textContent(), WAIT)
        .toBe(resources[language].contextual.mode.realReplay);
      await expect.poll(() => page.getByTestId('sample-headline').count(), WAIT).toBeGreaterThan(0);
      found.push(...liveWordingIn(await settledText(page), language).map((hit) => `contextual: ${hit}`));
      expect(found).toEqual([]);
      await context.close();
    },
    180_000,
  );

  it('the admin site in en, fr and es', async () => {
    const { context, page } = await newPage(browser);
    await signInAdminInBrowser(page);
    const found: string[] = [];
    for (const language of ['en', 'fr', 'es'] as const) {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
      await expect.poll(() => page.getByTestId('market-date').textContent(), WAIT).toBe(HEADER[language]);
      for (const tab of ['overview', 'recommendations', 'priceMonitor'] as const) {
        await page.getByRole('tab', { name: resources[language].admin.tabs[tab] }).click();
        found.push(
          ...liveWordingIn(await settledText(page), language).map((hit) => `${language} ${tab}: ${hit}`),
        );
      }
      await page.getByTestId('language-cycle').click();
    }
    expect(found).toEqual([]);
    await context.close();
  }, 180_000);
});
