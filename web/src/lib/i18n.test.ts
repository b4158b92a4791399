import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@app/shared/domain/enums';
import { NAMESPACES } from '@app/shared/i18n';
import { createI18n, SUPPORTED_LANGUAGES, loadLanguageChunk, switchLanguage } from './i18n';

describe('i18n set-up', () => {
  it('supports exactly the shared languages, in cycle order', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(LANGUAGES);
  });

  /** The admin site's own strings: the investor site shows none of them, so neither chunk carries them. */
  const ADMIN_SITE_ONLY = ['admin'];

  it.each(LANGUAGES)(
    "splits %s into public and app chunks that cover every namespace but the admin site's once",
    async (language) => {
      const [publicPart, appPart] = await Promise.all([
        loadLanguageChunk(language, 'public'),
        loadLanguageChunk(language, 'app'),
      ]);
      const publicNamespaces = Object.keys(publicPart);
      const appNamespaces = Object.keys(appPart);

      expect(publicNamespaces.filter((namespace) => appNamespaces.includes(namespace))).toEqual([]);
      expect([...publicNamespaces, ...appNamespaces].sort()).toEqual(
        NAMESPACES.filter((namespace) => !ADMIN_SITE_ONLY.includes(namespace)).sort(),
      );
      expect(publicNamespaces).toEqual(
        expect.arrayContaining(['common', 'nav', 'home', 'pricing', 'contact']),
      );
    },
  );

  it('announces a switch only to another language (the one in use is not switched to again)', async () => {
    const i18n = await createI18n('en');
    const announced = vi.fn();
    i18n.on('languageChanged', announced);

    await switchLanguage(i18n, 'en');
    expect(announced).not.toHaveBeenCalled();

    await switchLanguage(i18n, 'fr');
    expect(announced.mock.calls).toEqual([['fr']]);
    expect(i18n.t('common:buttons.close')).toBe('Fermer');
  });
});
