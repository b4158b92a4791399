/**
 * Takes the Features page's pictures of the product (web/src/features/marketing/pictures/<language>/):
 * the real investor site, built, on a local stack of its own (replay data, a temporary data directory),
 * signed in as the seeded demo investor, in Debian's Chromium, in en, fr and es, in the default (dark)
 * theme. Each picture is one screen's part, scaled to PICTURE_WIDTH and encoded as WebP by Chromium's
 * own canvas (no image library), at the best quality that stays under MAX_BYTES.
 *
 *   npm run build -w web && npm run capture:feature-pictures
 *
 * docs/development-loop.md "The Features page's pictures" says when to run it again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { REPOSITORY_ROOT } from '@app/infra/local/local-stack';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { resources } from '@app/shared/i18n';
import { launchBrowser } from '../src/browser';
import { startOwnStack } from '../src/own-stack';
import { TEST_REPLAY_SYMBOLS } from '../src/replay-symbols';

type Language = 'en' | 'fr' | 'es';
/** The pictures web/src/features/marketing/components/feature-pictures.tsx shows, at the size it states. */
const FEATURE_PICTURES = ['score', 'screener', 'portfolio', 'analyst'] as const;
const PICTURE_SIZE = { width: 800, height: 560 };
type Picture = (typeof FEATURE_PICTURES)[number];
const LANGUAGES: readonly Language[] = ['en', 'fr', 'es'];
const MAX_BYTES = 80_000;
const WAIT = 60_000;
/** The desktop width the screens are taken at, before scaling down to PICTURE_SIZE.width. */
const VIEWPORT = { width: 1200, height: 900 };
const OUTPUT = join(REPOSITORY_ROOT, 'web', 'src', 'features', 'marketing', 'pictures');

/** A question the analyst answers from the portfolio's fact sheets, in the reader's language. */
const QUESTIONS: Record<Language, string> = {
  en: 'Which holding weighs most on my grade?',
  fr: 'Quelle position pèse le plus sur ma note ?',
  es: '¿Qué posición pesa más en mi calificación?',
};

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: WAIT }).catch(() => undefined);
  await page.waitForTimeout(500);
}

/** A PNG scaled to the picture's size and encoded as WebP in the page, the smallest quality step under MAX_BYTES. */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  const encoded = await page.evaluate(
    async ({ source, size, maxBytes }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, size.width, size.height);
      let url = '';
      for (let quality = 0.9; quality >= 0.3; quality -= 0.05) {
        url = canvas.toDataURL('image/webp', quality);
        if ((url.length * 3) / 4 <= maxBytes) break;
      }
      return url;
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, size: PICTURE_SIZE, maxBytes: MAX_BYTES },
  );
  if (!encoded.startsWith('data:image/webp')) throw new Error('Chromium did not encode WebP');
  return Buffer.from(encoded.slice(encoded.indexOf(',') + 1), 'base64');
}

/** The part of the screen a picture shows, with the page at the state it shows. */
async function pictureTarget(page: Page, picture: Picture, language: Language): Promise<Locator> {
  switch (picture) {
    case 'screener': {
      await page.goto('/screener');
      await page.getByTestId('screener-row').first().waitFor({ timeout: WAIT });
      return page.locator('main');
    }
    case 'score': {
      // The screener's row link opens this: the asset's explained score.
      await page.goto('/screener?explain=AAPL');
      const card = page.locator('.screener__explanation');
      await card.locator('.rec-factors li').first().waitFor({ timeout: WAIT });
      return card;
    }
    case 'portfolio': {
      await page.goto('/portfolio');
      await page.getByTestId('add-asset-button').waitFor({ timeout: WAIT });
      return page.locator('main');
    }
    case 'analyst': {
      await page.goto('/portfolio');
      const panel = page.getByTestId('analyst');
      await panel.locator('textarea').fill(QUESTIONS[language]);
      await panel.getByRole('button', { name: resources[language].charts.analyst.ask }).click();
      await panel.getByTestId('analyst-answer').waitFor({ timeout: WAIT });
      return panel;
    }
  }
}

async function capture(browser: Browser, webUrl: string, language: Language): Promise<void> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: language, baseURL: webUrl });
  await context.addInitScript((chosen) => window.localStorage.setItem('language', chosen), language);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: resources[language].auth.guard.signIn }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name=email]').first().fill(SEED_INVESTOR.email);
  await dialog.locator('input[name=password]').first().fill(SEED_INVESTOR.password);
  await dialog.locator('form button[type=submit]').first().click();
  await page.getByTestId('header-user').waitFor({ timeout: WAIT });
  mkdirSync(join(OUTPUT, language), { recursive: true });
  for (const picture of FEATURE_PICTURES) {
    const target = await pictureTarget(page, picture, language);
    await settle(page);
    const box = await target.boundingBox();
    if (!box) throw new Error(`${picture} (${language}) is not on screen`);
    // The clip of a full-page screenshot is measured from the page's top, the box from the viewport's.
    const scrolled = await page.evaluate(() => window.scrollY);
    // From the part's top, as tall as the picture's proportions need at its width (the page below a short part).
    const height = (box.width * PICTURE_SIZE.height) / PICTURE_SIZE.width;
    const png = await page.screenshot({
      clip: { x: box.x, y: box.y + scrolled, width: box.width, height },
      fullPage: true,
    });
    const webp = await toWebp(page, png);
    writeFileSync(join(OUTPUT, language, `${picture}.webp`), webp);
    console.log(`${language}/${picture}.webp ${(webp.length / 1000).toFixed(1)} KB`);
  }
  await context.close();
}

/** Well-known stocks beside the suites' symbols, so the screener has rows to show. */
const MORE_SYMBOLS = ['MSFT', 'KO', 'JPM', 'JNJ', 'XOM', 'PG', 'V', 'NVDA', 'AMZN', 'WMT', 'DIS', 'PFE'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The stack's market at 2017-01-01 for every run (as the suites read it, tests/vitest.config.ts), so the
 * pictures change only when the screens do.
 */
function freezeMarket(): void {
  const dates = (Date.parse('2017-01-01') - Date.parse('2016-09-05')) / DAY_MS;
  Object.assign(process.env, {
    REPLAY_EPOCH: new Date(Date.now() - 60_000 - dates * DAY_MS).toISOString(),
    REPLAY_MS_PER_DAY: String(DAY_MS),
    REPLAY_SYMBOLS: [...TEST_REPLAY_SYMBOLS, ...MORE_SYMBOLS].join(','),
    SCORE_BACKFILL_DAYS_PER_RUN: '400',
  });
}

async function main(): Promise<void> {
  freezeMarket();
  const { stack, stop } = await startOwnStack('nugget-pictures-');
  const browser = await launchBrowser();
  try {
    for (const language of LANGUAGES) await capture(browser, stack.webUrl, language);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
