import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { uniqueEmail } from '../src/api';
import { enterAdminTotpCode } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';
import { codeIn, waitForMails } from '../src/mail-inbox';
import { addAssetThroughDialog, chooseLanguage, WAIT } from './investor-helpers';

/*
 * A visitor browsing in French (then one in Spanish) in the light theme signs up, walks every screen
 * of the investor site, adds an asset, opens a recommendation's reasoning and upgrades; an
 * administrator walks every tab of the admin site in the same language (docs/messages.md). On every
 * screen, no English may show outside proper names, tickers and data sources: each visible text and
 * accessible name is scanned for English words that French and Spanish never use. Text a page marks
 * as another language (`lang="en"`: a headline as its source wrote it) is data, not the product's words.
 */

type Language = 'fr' | 'es';

/** English function words: none is a French or a Spanish word. */
const ENGLISH =
  /(?<!\p{L})(the|and|your|you|is|are|please|with|of|to|from|has|have|was|were|will|been|at|by|which|than|only|its|this|that|for|not|sign in|sign up|loading|failed)(?!\p{L})/iu;

/** What a screen shows in its own language: visible text and accessible names, data marked with another `lang` left out. */
async function wordsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    // Text marked in another language, or lang="" (unknown: what a visitor wrote), is not the site's copy.
    const inPageLanguage = (element: Element) => {
      const marked = element.closest('[lang]')?.getAttribute('lang');
      return marked === undefined || marked === null || marked === pageLanguage;
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest('script, style, noscript, [hidden]')) continue;
      if (inPageLanguage(element)) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!inPageLanguage(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function englishOn(page: Page, screen: string, found: string[]): Promise<void> {
  // Let the screen's queries answer (server texts come in their own language).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  for (const text of await wordsOnScreen(page)) {
    if (ENGLISH.test(text)) found.push(`${screen}: "${text.slice(0, 160)}"`);
  }
}

async function chooseLanguageAndLightTheme(page: Page, language: Language): Promise<void> {
  await chooseLanguage(page, language);
  await page.getByTestId('theme-toggle').first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), WAIT).toBe('light');
}

async function signUpThroughDialog(page: Page, language: Language, firstName: string): Promise<void> {
  const strings = resources[language].auth;
  await page.getByRole('button', { name: strings.guard.signIn }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: strings.tabs.signUp }).click();
  const email = uniqueEmail(`journey-${language}`);
  await dialog.locator('input[name=firstName]').fill(firstName);
  await dialog.locator('input[name=email]').fill(email);
  // A password the policy refuses first: the form says why, in the visitor's language.
  await dialog.locator('input[name=password]').fill('short');
  await dialog.locator('input[name=confirmPassword]').fill('short');
  await dialog.locator('form button[type=submit]').click();
  await expect
    .poll(() => dialog.getByTestId('auth-error').textContent(), WAIT)
    .toBe(strings.errors.passwordPolicy.replace('{{minimum}}', '8'));
  await dialog.locator('input[name=password]').fill('Journey-Pass-24');
  await dialog.locator('input[name=confirmPassword]').fill('Journey-Pass-24');
  await dialog.locator('form button[type=submit]').click();
  // The second step, in the visitor's language: the code mailed to the address, from the stack's inbox.
  const [mail] = await waitForMails(email);
  await dialog.getByLabel(strings.signUpCode.code).fill(codeIn(mail!));
  await dialog.getByRole('button', { name: strings.signUpCode.confirm }).click();
}

async function walkInvestorSite(browser: Browser, language: Language): Promise<string[]> {
  const { webUrl } = inject('stack');
  const { context, page } = await newPage(browser);
  const found: string[] = [];
  const firstName = language === 'fr' ? 'Camille' : 'Lucía';

  await page.goto(webUrl);
  await chooseLanguageAndLightTheme(page, language);
  for (const path of ['/', '/features', '/pricing', '/about', '/contact', '/privacy', '/terms']) {
    await page.goto(`${webUrl}${path}`);
    await englishOn(page, path, found);
  }

  await page.goto(`${webUrl}/dashboard`);
  await englishOn(page, 'guard', found);
  await signUpThroughDialog(page, language, firstName);
  await page.waitForURL(`${webUrl}/dashboard`);

  // A French (Spanish) dashboard, light, greeting a new account.
  const welcome = resources[language].dashboard.welcome.titleNew.replace('{{name}}', firstName);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), WAIT).toBe(welcome);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  await englishOn(page, '/dashboard', found);

  await page.goto(`${webUrl}/portfolio`);
  await addAssetThroughDialog(page, 'AAPL', '3', resources[language]);
  await englishOn(page, '/portfolio', found);

  await page.goto(`${webUrl}/recommendations`);
  await page.getByRole('button', { name: resources[language].recommendations.card.expand }).first().click();
  await englishOn(page, '/recommendations', found);
  await page.getByRole('tab', { name: resources[language].recommendations.tabs.contextual }).click();
  await englishOn(page, '/recommendations (contextual)', found);

  for (const path of ['/alerts', '/subscription', '/settings', '/methodology']) {
    await page.goto(`${webUrl}${path}`);
    await englishOn(page, path, found);
  }
  // The checkout in the visitor's language: the succeeding test card, the confirmation step, then Pay.
  const checkoutText = resources[language].subscription.checkout;
  await page.goto(`${webUrl}/subscription`);
  await page.getByTestId('plan-PREMIUM').getByRole('button').click();
  const checkout = page.getByTestId('checkout');
  await checkout.getByRole('button', { name: checkoutText.useCard }).first().click();
  await englishOn(page, '/subscription (checkout)', found);
  await checkout.getByRole('button', { name: checkoutText.saveCard }).click();
  await expect.poll(() => checkout.getByTestId('checkout-amount').count(), WAIT).toBe(1);
  await englishOn(page, '/subscription (confirmation)', found);
  await checkout
    .getByRole('button', { name: new RegExp(checkoutText.pay.split(' {{')[0] as string) })
    .click();
  await expect
    .poll(() => page.getByText(resources[language].subscription.billing.toasts.paid).count(), WAIT)
    .toBeGreaterThan(0);
  await englishOn(page, '/subscription (upgraded)', found);

  // The choices survive a reload and a new sign-in: the profile took them.
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), WAIT).toBe('light');
  await context.close();
  return found;
}

async function walkAdminSite(browser: Browser, language: Language): Promise<string[]> {
  const { adminUrl } = inject('stack');
  const { context, page } = await newPage(browser);
  const found: string[] = [];
  await page.goto(adminUrl);
  await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
  await page.reload();
  await englishOn(page, 'admin sign-in', found);
  await page.locator('input[type=email], input[name=email]').first().fill(SEED_ADMIN.email);
  await page.locator('input[type=password]').first().fill(SEED_ADMIN.password);
  await page.locator('button[type=submit]').click();
  await page.locator('input[name=totp_code]').waitFor();
  await englishOn(page, 'admin authenticator code', found);
  await enterAdminTotpCode(page);
  await expect.poll(() => page.getByTestId('admin-user').count(), WAIT).toBe(1);
  await englishOn(page, 'admin overview', found);
  const tabs = page.getByRole('tab');
  for (let index = 1; index < (await tabs.count()); index += 1) {
    await tabs.nth(index).click();
    await englishOn(page, `admin tab ${index + 1}`, found);
  }
  await context.close();
  return found;
}

describe('a full journey in French and in Spanish, both sites, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['fr', 'es'] as const)(
    'shows no English on the investor site in %s',
    async (language) => {
      expect(await walkInvestorSite(browser, language)).toEqual([]);
    },
    240_000,
  );

  it.each(['fr', 'es'] as const)(
    'shows no English on the admin site in %s',
    async (language) => {
      expect(await walkAdminSite(browser, language)).toEqual([]);
    },
    120_000,
  );
});
