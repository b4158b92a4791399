import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@app/shared/i18n';
import { FEATURE_PICTURES } from '@/features/marketing/components/feature-pictures';
import { createI18n } from '@/lib/i18n';
import { PRERENDERED_PATHS, renderPage } from './prerender';
import { SiteProviders } from '@/kit/site-providers';
import { createAppRouter, loadMatchedLazyRoutes } from './router';

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('prerendered public pages', () => {
  it('are the public navigation and the legal pages', () => {
    expect(PRERENDERED_PATHS).toEqual([
      '/',
      '/features',
      '/pricing',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
    ]);
  });

  it('each carry their own <title>, as the client sets it', async () => {
    const titles = await Promise.all(PRERENDERED_PATHS.map(async (path) => (await renderPage(path)).title));
    expect(titles).toEqual([
      'Invest with reason · Nugget Invest',
      'Features · Nugget Invest',
      'Pricing · Nugget Invest',
      'About · Nugget Invest',
      'Contact · Nugget Invest',
      'Privacy Policy · Nugget Invest',
      'Terms of Service · Nugget Invest',
    ]);
  });

  it('carry the English copy and no inline style (the cloud CSP, style-src self, would block it)', async () => {
    const { html: markup, title } = await renderPage('/pricing');
    expect(title).toBe('Pricing · Nugget Invest');

    expect(markup).toContain('data-amplify-color-mode="dark"');
    expect(markup).toContain('Billed monthly');
    expect(markup).toContain('Platinum');
    expect(markup).not.toMatch(/\sstyle="/);
    expect(markup).not.toContain('<style');
  });

  it.each(PRERENDERED_PATHS)(
    'has no style attribute or <style> at %s (the CSP, style-src self, refuses them in the served HTML)',
    async (path) => {
      const { html: markup } = await renderPage(path);
      expect(markup.match(/\sstyle="[^"]*"/g) ?? []).toEqual([]);
      expect(markup).not.toContain('<style');
    },
  );

  it('put the pictures of the product in /features: English alt text, sized, lazy (issue 46)', async () => {
    const { html } = await renderPage('/features');
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(FEATURE_PICTURES.length);
    FEATURE_PICTURES.forEach((picture, index) => {
      const tag = images[index] ?? '';
      // React writes an apostrophe in an attribute as &#x27;.
      const alt = resources.en.features.pictures[picture].alt.replaceAll("'", '&#x27;');
      expect(tag).toContain(`alt="${alt}"`);
      expect(tag).toContain(`/pictures/en/${picture}.webp"`);
      expect(tag).toContain('width="800"');
      expect(tag).toContain('height="560"');
      expect(tag).toContain('loading="lazy"');
    });
    // The subtitle's date in the reader's format, not the ISO date.
    expect(html).toContain('(Jan 1, 2017)');
  });

  it.each(['/', '/pricing', '/contact', '/privacy'])(
    'hydrate at %s without a mismatch, as the client starts (main.tsx)',
    async (path) => {
      // Arrange: the prerendered page as the browser receives it.
      const container = document.createElement('div');
      container.innerHTML = (await renderPage(path)).html;
      document.body.append(container);
      window.history.replaceState(null, '', path);
      const prerendered = container.innerHTML;
      const recoverableErrors: unknown[] = [];
      const consoleErrors = vi.spyOn(console, 'error');

      // Act
      const [i18n] = await Promise.all([createI18n('en'), loadMatchedLazyRoutes(window.location)]);
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <SiteProviders i18n={i18n}>
              <RouterProvider router={createAppRouter()} />
            </SiteProviders>
          </StrictMode>,
          { onRecoverableError: (error) => recoverableErrors.push(error) },
        );
      });

      // Assert
      expect(recoverableErrors).toEqual([]);
      expect(consoleErrors).not.toHaveBeenCalled();
      // The contact form's controls are the one thing hydration changes: disabled in the static markup (a
      // click or text typed before the client runs would be lost), enabled once React answers input.
      const controlsOf = (root: Element) => [
        ...root.querySelectorAll<HTMLInputElement>(
          'form input:not([name="website"]), form textarea, form button',
        ),
      ];
      const submitOf = (root: Element) => root.querySelector<HTMLButtonElement>('form button[type="submit"]');
      const before = document.createElement('div');
      before.innerHTML = prerendered;
      expect(submitOf(before)?.disabled ?? false).toBe(path === '/contact');
      expect(controlsOf(before).every((control) => control.disabled)).toBe(true);
      expect(controlsOf(container).some((control) => control.disabled)).toBe(false);
      submitOf(before)?.remove();
      submitOf(container)?.remove();
      for (const control of controlsOf(before)) control.removeAttribute('disabled');
      expect(container.innerHTML).toBe(before.innerHTML);
    },
  );
});
