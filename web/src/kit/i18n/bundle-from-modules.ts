import type { LanguageResources } from '@app/shared/i18n';

/**
 * Turns `{ '.../locales/fr/home.json': {...} }` into `{ home: {...} }`. The key sets are checked
 * against English by shared/src/i18n's tests, so the cast below only restates that guarantee.
 */
export function bundleFromModules(
  modules: Record<string, Record<string, unknown>>,
): Partial<LanguageResources> {
  const bundle: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(modules)) {
    const namespace = /([\w-]+)\.json$/.exec(path)?.[1];
    if (namespace) bundle[namespace] = content;
  }
  return bundle as Partial<LanguageResources>;
}
