import type { Page } from 'playwright-core';

/**
 * Collects, from now on, what the page's console reports as an error (Chromium reports a
 * Content-Security-Policy refusal there), every CSP violation event (a refusal whose error the page
 * caught, as zod's probe of `new Function` was, reaches only this event) and uncaught errors. Each is
 * marked with the place `at` last named, else the page's path. A walk asserts the list is empty at its end.
 */
export async function collectConsoleErrors(
  page: Page,
): Promise<{ errors: string[]; at: (place: string) => void }> {
  const errors: string[] = [];
  let named: string | null = null;
  const place = () => named ?? new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${place()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${place()}: uncaught ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => errors.push(`${place()}: CSP ${text}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ),
    ),
  );
  return { errors, at: (next) => (named = next) };
}
