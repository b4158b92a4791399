import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { api, signUpInvestor } from '../src/api';
import { launchBrowser, newPage } from '../src/browser';
import { seedPortfolio } from '../src/replay-closes';
import { payWithTestCard } from './checkout-helpers';
import {
  addAssetThroughDialog,
  chooseLanguage,
  seriousAxeViolations,
  signInThroughDialog,
  WAIT,
} from './investor-helpers';
import { ANALYST_QUESTIONS, shownValueMatches, type AnalystAnswer, type Fact } from './analyst-walk';

interface PortfolioBody {
  assets: { id: string; symbol: string; shares: number }[];
  summary: { total_value: number; asset_count: number };
}

/** docs/product.md "Screens", "Errors and empty results" in a real browser: quota, upgrade, edit and remove. */
describe('investor portfolio journeys in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a FREE investor fills the 5 slots, meets the upgrade prompt, upgrades to PREMIUM and adds more', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Frida');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('0 of 5');

    for (const symbol of ['MSFT', 'NVDA', 'JPM', 'KO', 'PG']) {
      await addAssetThroughDialog(page, symbol, '2');
    }
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('5 of 5');
    await expect.poll(() => page.getByTestId('add-asset-usage').textContent(), WAIT).toBe('5/5');
    await expect.poll(() => page.getByTestId('add-asset-button').isDisabled(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByTestId('slots-banner').textContent(), WAIT)
      .toContain('Upgrade your plan');

    // The upgrade prompt, then the upgrade dialog: Premium.
    await page.getByTestId('slots-upgrade').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), WAIT).toContain('30-day money-back guarantee');
    expect(await seriousAxeViolations(page), 'axe with the upgrade dialog open').toEqual([]);
    // Choosing Premium opens the checkout: the succeeding test card, then Pay once the price is shown.
    await dialog.getByTestId('upgrade-to-PREMIUM').click();
    await payWithTestCard(page, 'succeeds', '$79.00');
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('5 of 25');
    await expect.poll(() => page.getByTestId('add-asset-button').isDisabled(), WAIT).toBe(false);

    await addAssetThroughDialog(page, 'XOM', '1');
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('6 of 25');
    const stored = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(stored.body.assets.map((asset) => asset.symbol).sort()).toEqual(
      ['JPM', 'KO', 'MSFT', 'NVDA', 'PG', 'XOM'].sort(),
    );

    // The analysis (advanced_analytics) now opens, without the gate.
    await page.getByTestId('analysis-button').click();
    await expect.poll(() => page.getByTestId('portfolio-analysis').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('feature-gate-advanced_analytics').count()).toBe(0);
    await context.close();
  }, 180_000);

  it('edits and removes a holding for real, and the slot count follows', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Eddie');
    for (const symbol of ['AAPL', 'MSFT']) {
      const added = await api('POST', '/api/portfolio/holdings', {
        token: investor.token,
        body: { symbol, shares: 3, asset_type: 'stock' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(added.status).toBe(201);
    }
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/portfolio`);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('3');

    const row = page.getByTestId('holding-MSFT');
    await row.getByRole('button', { name: /MSFT/ }).click();
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('Number of shares').fill('7.5');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.getByTestId('holding-shares').textContent(), WAIT).toBe('7.5');
    const afterEdit = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterEdit.body.assets.find((asset) => asset.symbol === 'MSFT')?.shares).toBe(7.5);

    // Remove asks first: Cancel keeps the holding.
    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove MSFT?' });
    await confirm.getByRole('button', { name: 'Cancel' }).first().click();
    await expect.poll(() => confirm.count(), WAIT).toBe(0);
    expect(await page.getByTestId('holding-MSFT').count()).toBe(1);

    await row.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove holding' }).click();
    await expect.poll(() => page.getByTestId('holding-MSFT').count(), WAIT).toBe(0);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('4');
    await expect.poll(() => page.getByTestId('plan-usage').textContent(), WAIT).toContain('1 of 5');
    const afterRemove = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterRemove.body.assets.map((asset) => asset.symbol)).toEqual(['AAPL']);

    // Undo adds the same position back (7.5 shares), taking the slot again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByTestId('holding-MSFT').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('plan-remaining').textContent(), WAIT).toBe('3');
    const afterUndo = await api<PortfolioBody>('GET', '/api/portfolio', { token: investor.token });
    expect(afterUndo.body.assets.find((asset) => asset.symbol === 'MSFT')?.shares).toBe(7.5);
    await context.close();
  }, 120_000);

  it('asks the analyst about the portfolio in en, fr and es: its language, label, date and linked figures', async () => {
    const { webUrl } = inject('stack');
    const investor = await signUpInvestor('Analysta');
    await seedPortfolio(investor);
    const sheet = await api<{ market_date: string; facts: Fact[] }>('GET', '/api/portfolio/fact-sheet', {
      token: investor.token,
    });
    expect(sheet.status, sheet.text).toBe(200);
    // The suites' replayed market date (docs/testing.md): no answer may be dated after it.
    expect(sheet.body.market_date <= '2017-01-01').toBe(true);
    const facts = new Map(sheet.body.facts.map((fact) => [fact.id, fact]));
    const composites = sheet.body.facts.flatMap((fact) => {
      const symbol = /^position\.(.+)\.composite$/.exec(fact.id)?.[1];
      return symbol && typeof fact.value === 'number' ? [{ symbol, composite: fact.value }] : [];
    });
    const lowestComposite = composites.sort((a, b) => a.composite - b.composite)[0]?.symbol;
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);
    await page.goto(`${webUrl}/portfolio`);

    for (const { language, question, opening, asOf } of ANALYST_QUESTIONS) {
      await chooseLanguage(page, language);
      const strings = resources[language].charts.analyst;
      const panel = page.getByTestId('analyst');
      await panel.getByLabel(strings.question).fill(question);
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/portfolio/analyst') && response.request().method() === 'POST',
        WAIT,
      );
      await panel.getByRole('button', { name: strings.ask }).click();
      const answer = (await (await answered).json()) as AnalystAnswer;
      expect(answer).toMatchObject({ language, intent: 'risk', generated_by: 'template' });
      expect(answer.as_of <= sheet.body.market_date, answer.as_of).toBe(true);

      const shown = panel.getByTestId('analyst-answer');
      await expect.poll(() => shown.textContent(), WAIT).toContain(opening);
      const text = (await shown.textContent()) ?? '';
      expect(text).toContain(strings.generatedBy.template);
      expect(text).toContain(strings.asOf.replace('{{date}}', asOf));
      // Each figure is the sheet's own, as the reader reads it, and links to the screen showing it.
      expect(answer.figures.length).toBeGreaterThan(0);
      for (const figure of answer.figures) {
        const fact = facts.get(figure.id);
        expect(figure.value, figure.id).toBe(fact?.value);
        const row = shown.locator(`[data-fact-id="${figure.id}"]`);
        const value = (await row.locator('dd').textContent()) ?? '';
        expect(shownValueMatches(value, fact?.value ?? null, language), `${figure.id}: ${value}`).toBe(true);
        expect(await row.getByRole('link').getAttribute('href')).toBe('/portfolio#portfolio-holdings');
      }
      // The holding the answer names is the lowest composite of the sheet's positions.
      const riskiest = answer.figures[0]?.id.split('.')[1] as string;
      expect(riskiest).toBe(lowestComposite);
      await shown.locator(`[data-fact-id="position.${riskiest}.grade"]`).getByRole('link').click();
      await expect.poll(() => new URL(page.url()).hash, WAIT).toBe('#portfolio-holdings');
      const holdings = page.locator('#portfolio-holdings');
      await expect.poll(() => holdings.getByTestId(`holding-${riskiest}`).count(), WAIT).toBe(1);
      // Scrolled to it (the question's field, below it, had scrolled it away).
      await expect
        .poll(() => holdings.evaluate((element) => Math.abs(element.getBoundingClientRect().top)), WAIT)
        .toBeLessThan(2);
    }
    await context.close();
  }, 180_000);
});
