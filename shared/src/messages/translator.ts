import type { Language } from '../domain/enums';
import type { Translate } from './render-message';

/**
 * The server's `t`: what the renderer needs of i18next and nothing more (a key with its namespace,
 * `lng`, `count` for `_one`/`_other` by the language's plural rules, `{{name}}` substitution,
 * `defaultValue`). Each Lambda carries it instead of i18next (about 44 KB minified); the sites keep
 * i18next. `translator.test.ts` renders every message in every language both ways and expects the
 * same text, so the two cannot drift.
 */

type Tree = { readonly [key: string]: string | Tree };
/** Per language, its namespaces (`messages`, `terms`), each a tree of texts. */
type Resources = Readonly<Record<Language, object>>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookUp(tree: unknown, path: string): string | undefined {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator(resources: Resources, fallbackLanguage: Language = 'en'): Translate {
  const find = (language: Language, namespace: string, path: string, count: unknown): string | undefined => {
    const tree = (resources[language] as Readonly<Record<string, unknown>> | undefined)?.[namespace];
    if (typeof count === 'number') {
      const plural = lookUp(tree, `${path}_${pluralOf(language, count)}`) ?? lookUp(tree, `${path}_other`);
      if (plural !== undefined) return plural;
    }
    return lookUp(tree, path);
  };
  return (key, options) => {
    const separator = key.indexOf(':');
    const namespace = key.slice(0, separator);
    const path = key.slice(separator + 1);
    const language = (options.lng as Language | undefined) ?? fallbackLanguage;
    const text =
      find(language, namespace, path, options.count) ??
      find(fallbackLanguage, namespace, path, options.count) ??
      (typeof options.defaultValue === 'string' ? options.defaultValue : key);
    return text.replace(PLACEHOLDER, (_placeholder, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? '' : String(value);
    });
  };
}
