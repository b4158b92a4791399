import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources } from '@app/shared/i18n';
import { GLOSSARY_TERMS } from '@app/shared/domain/rules/score-glossary';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';
import { launchBrowser, newPage } from '../src/browser';
import { chooseLanguage, signInThroughDialog, WAIT } from './investor-helpers';

/*
 * Issue 28 in Chromium on the local stack: a PREMIUM investor expands a recommendation in English,
 * French and Spanish. Each factor shows its glossary label, which way it moved the grade (worked out
 * here from the API's score and weight, by hand: weight x (score - 50), risk as 100 - score), the
 * server's sentence, and each figure with its glossary label and unit; no engine field name
 * (snake_case) reaches the screen. Then the claims (issue 40): the recommendations page states the
 * committed universe backtest's result with links to it, and home and about state no unmeasured figure.
 */

type Language = 'en' | 'fr' | 'es';
const LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];

interface ApiFactor {
  name: string;
  score: number | null;
  weight: number;
  note?: string;
  inputs?: Record<string, number | string | null>;
}

interface DetailBody {
  recommendation: { symbol: string; nugget_scores: { factors: ApiFactor[] } };
}

/** The glossary entry each factor's score reads under. */
const FACTOR_TERMS: Record<string, string> = {
  financial_health: 'financial_health_score',
  growth_quality: 'growth_quality_score',
  value: 'value_score',
  momentum: 'momentum_score',
  risk: 'risk_level',
};

/** Any snake_case token: what an engine field name looks like. */
const SNAKE_CASE = /\b[a-z0-9]+_[a-z0-9_]+\b/g;

function expectedDirection(factor: ApiFactor): 'up' | 'down' | 'neutral' | 'noData' {
  if (factor.score === null) return 'noData';
  const oriented = factor.name === 'risk' ? 100 - factor.score : factor.score;
  const points = Math.round(factor.weight * (oriented - 50) * 10) / 10;
  return points > 0 ? 'up' : points < 0 ? 'down' : 'neutral';
}

const DIRECTION_KEYS = {
  up: 'directionUp',
  down: 'directionDown',
  neutral: 'directionNeutral',
  noData: 'directionNoData',
} as const;

async function detailOf(investor: SignedInUser, symbol: string, language: Language): Promise<DetailBody> {
  const response = await api<DetailBody>('GET', `/api/ai/recommendations/${investor.userId}/${symbol}`, {
    token: investor.token,
    headers: { 'accept-language': language },
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function checkFactor(factorRow: Locator, factor: ApiFactor, language: Language): Promise<void> {
  const glossary = resources[language].glossary;
  const terms = glossary.terms as Record<string, { label: string; unit: string }>;
  const label = terms[FACTOR_TERMS[factor.name] ?? '']?.label;
  expect(await factorRow.getByTestId('factor-label').textContent()).toBe(label);
  const direction = expectedDirection(factor);
  expect(await factorRow.getAttribute('data-direction')).toBe(direction);
  const [directionStart] = glossary[DIRECTION_KEYS[direction]].split('{{');
  expect(
    (await factorRow.getByTestId('factor-direction').textContent())?.startsWith(directionStart ?? ''),
  ).toBe(true);
  const sentence = (await factorRow.getByTestId('factor-sentence').textContent()) ?? '';
  // The server's sentence in the reader's language when it sent one; else the site's, naming the factor.
  if (factor.note) expect(sentence).toBe(factor.note);
  else expect(sentence.length).toBeGreaterThan(20);
  // Each figure: its glossary label (a link to its entry) and its unit.
  const inputs = factorRow.getByTestId('factor-input');
  const shown = await inputs.count();
  expect(shown).toBe(Object.keys(factor.inputs ?? {}).length);
  for (let index = 0; index < shown; index += 1) {
    const input = inputs.nth(index);
    const term = (await input.locator('[data-glossary-term]').getAttribute('data-glossary-term')) ?? '';
    expect(Object.keys(factor.inputs ?? {})).toContain(term);
    expect(await input.locator('[data-glossary-term]').textContent()).toBe(terms[term]?.label);
    expect(await input.getByTestId('factor-input-unit').textContent()).toBe(`(${terms[term]?.unit})`);
  }
}

describe('scores explained in plain words, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an expanded card reads each factor with its label, unit, direction and sentence in en, fr and es', async () => {
    const investor = await signUpInvestor('Explained');
    await subscribe(investor, 'PREMIUM');
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    await signInThroughDialog(page, investor.email, investor.password);

    for (const language of LANGUAGES) {
      await page.goto(`${webUrl}/recommendations`);
      await chooseLanguage(page, language);
      const card = page.getByTestId('recommendation-card').first();
      await expect.poll(() => card.count(), WAIT).toBe(1);
      const symbol = (await card.getAttribute('data-symbol')) ?? '';
      await card.getByRole('button', { name: resources[language].recommendations.card.expand }).click();
      const rows = card.getByTestId('factor-explanation');
      await expect.poll(() => rows.count(), WAIT).toBe(5);

      const { recommendation } = await detailOf(investor, symbol, language);
      for (const factor of recommendation.nugget_scores.factors) {
        await checkFactor(
          card.locator(`[data-testid="factor-explanation"][data-factor="${factor.name}"]`),
          factor,
          language,
        );
      }
      // Model confidence is defined where it is shown.
      expect(await card.getByTestId('confidence-help').textContent()).toBe(
        resources[language].glossary.confidenceHelp,
      );
      // Every score links to how it is computed.
      expect(await card.getByTestId('how-computed').count()).toBeGreaterThan(0);
      // No engine field name on the card.
      const text = (await card.innerText()).replace(/\s+/g, ' ');
      expect(text.match(SNAKE_CASE) ?? []).toEqual([]);
      for (const term of GLOSSARY_TERMS.filter((name) => name.includes('_')))
        expect(text).not.toContain(term);
    }
    await context.close();
  }, 240_000);

  it('the recommendations, home and about pages state only what the universe backtest measured', async () => {
    const { webUrl } = inject('stack');
    const { context, page } = await newPage(browser);
    // The recommendations page is the signed-in area's: a FREE investor reads it.
    const investor = await signUpInvestor('Claims');
    await signInThroughDialog(page, investor.email, investor.password);

    // The recommendations page: the committed backtest's result (docs/backtest), no unmeasured claim.
    await page.goto(`${webUrl}/recommendations`);
    const banner = page.getByTestId('rec-track-record');
    await expect.poll(() => banner.count(), WAIT).toBe(1);
    const said = await banner.innerText();
    expect(said).toMatch(/We graded \d+ US stocks and ETFs at \d+ month-ends, 2007-04-30 to 2017-10-31/);
    expect(said).not.toMatch(/94\s?%|187 recommendations|accuracy/);
    expect(await banner.getByRole('link').nth(0).getAttribute('href')).toBe('/track-record');
    expect(await banner.getByRole('link').nth(1).getAttribute('href')).toBe('/methodology#backtest');

    // Home and about: no performance figure stands alone any more.
    for (const path of ['/', '/about']) {
      await page.goto(`${webUrl}${path}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/94\s?%|67\s?%|10K\+|10,000 investors|Speculation victims/);
      if (path === '/') expect(text).toContain('We graded');
    }
    await context.close();
  }, 120_000);
});
