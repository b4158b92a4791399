import type { Page } from 'playwright-core';

/**
 * Waits until the page's finite CSS transitions and animations have finished (at most `timeoutMs`), so
 * an accessibility check measures the colours a person sees, not a frame in the middle of a theme
 * switch or a button's focus transition (axe once read such a frame on a loaded machine and reported a
 * contrast that never shows). Endless animations (spinners) are not waited for.
 */
export async function waitForSettledStyles(page: Page, timeoutMs = 2_000): Promise<void> {
  await page.evaluate(async (limit) => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, limit)),
    ]);
  }, timeoutMs);
}
