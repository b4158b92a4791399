import { describe, expect, it } from 'vitest';
import {
  CATALYST_TYPES,
  CONTEXTUAL_ACTIONS,
  FEATURES,
  FLAGGED_ISSUES,
  GRADES,
  LANGUAGES,
  MARKET_ALERT_TYPES,
  MODERATION_STATUSES,
  RECOMMENDATION_ACTIONS,
  SPECULATION_LEVELS,
  TIERS,
} from '../domain/enums';
import { COST_METHODS } from '../domain/ledger/ledger-book';
import { MAPPABLE_FIELDS } from '../domain/ledger/import/column-mapping';
import { IMPORT_ROW_STATUSES } from '../domain/ledger/import/import-preview';
import { IMPORT_FORMATS } from '../domain/ledger/import/preview-import';
import { RETURN_PERIODS } from '../domain/ledger/returns';
import { TRANSACTION_FIELDS, TRANSACTION_TYPES } from '../domain/ledger/transaction';
import {
  DEFAULT_LANGUAGE,
  NAMESPACES,
  defaultNS,
  resources,
  type Namespace,
  type TranslationKey,
} from './index';

type Tree = { readonly [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
/** Values this short are often the same word in every language ("Premium", "Volume", "/10"). */
const UNTRANSLATED_CHECK_MIN_LENGTH = 13;
const MIN_TRANSLATED_SHARE = 0.9;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [nestedPath, nestedValue] of flatten(value, path)) flat.set(nestedPath, nestedValue);
  }
  return flat;
}

function placeholdersOf(value: string): Set<string> {
  return new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''));
}

function flatResources(language: (typeof LANGUAGES)[number], namespace: Namespace): Map<string, string> {
  return flatten(resources[language][namespace] as Tree);
}

const otherLanguages = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

describe('i18n resources', () => {
  it('has every namespace in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
    }
    expect(NAMESPACES).toContain(defaultNS);
  });

  describe.each(NAMESPACES)('namespace %s', (namespace) => {
    const english = flatResources(DEFAULT_LANGUAGE, namespace);

    it.each(otherLanguages)('has the same keys in %s as in English', (language) => {
      const translated = flatResources(language, namespace);
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));

      expect({ missing, extra }, `${language}/${namespace}.json`).toEqual({ missing: [], extra: [] });
    });

    it.each(LANGUAGES)('has no empty value in %s', (language) => {
      const empty = [...flatResources(language, namespace)]
        .filter(([, value]) => value.trim() === '')
        .map(([key]) => key);

      expect(empty, `${language}/${namespace}.json`).toEqual([]);
    });

    it.each(otherLanguages)('keeps every English placeholder in %s', (language) => {
      const translated = flatResources(language, namespace);
      const lost: string[] = [];
      for (const [key, englishValue] of english) {
        const translatedPlaceholders = placeholdersOf(translated.get(key) ?? '');
        for (const placeholder of placeholdersOf(englishValue)) {
          if (!translatedPlaceholders.has(placeholder)) lost.push(`${key}: {{${placeholder}}}`);
        }
      }

      expect(lost, `${language}/${namespace}.json`).toEqual([]);
    });

    it.each(LANGUAGES)('has complete plural sets (_one and _other) in %s', (language) => {
      const keys = [...flatResources(language, namespace).keys()];
      const pluralBases = new Set(
        keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      const incomplete = [...pluralBases].filter(
        (base) => !keys.includes(`${base}_one`) || !keys.includes(`${base}_other`) || keys.includes(base),
      );

      expect(incomplete, `${language}/${namespace}.json`).toEqual([]);
    });
  });

  it.each(otherLanguages)('translates at least 90%% of the longer English strings into %s', (language) => {
    let checked = 0;
    const copied: string[] = [];
    for (const namespace of NAMESPACES) {
      const translated = flatResources(language, namespace);
      for (const [key, englishValue] of flatResources(DEFAULT_LANGUAGE, namespace)) {
        if (englishValue.length < UNTRANSLATED_CHECK_MIN_LENGTH) continue;
        checked += 1;
        if (translated.get(key) === englishValue) copied.push(`${namespace}:${key}`);
      }
    }

    const translatedShare = 1 - copied.length / checked;
    expect(translatedShare, `identical to English: ${copied.join(', ')}`).toBeGreaterThanOrEqual(
      MIN_TRANSLATED_SHARE,
    );
  });

  it('labels every value of the closed vocabularies the screens display', () => {
    const labelled: Array<[Namespace, string, readonly string[]]> = [
      ['common', 'tiers', TIERS],
      ['common', 'grades', GRADES],
      ['common', 'speculation.levels', SPECULATION_LEVELS],
      ['common', 'recommendationActions', RECOMMENDATION_ACTIONS],
      ['common', 'languages', LANGUAGES],
      ['contextual', 'catalystTypes', CATALYST_TYPES],
      ['contextual', 'actions', CONTEXTUAL_ACTIONS],
      ['alerts', 'types', MARKET_ALERT_TYPES],
      ['admin', 'moderation.statuses', MODERATION_STATUSES],
      ['admin', 'moderation.issues', FLAGGED_ISSUES],
      ['portfolio', 'ledger.transactionTypes', TRANSACTION_TYPES],
      ['portfolio', 'ledger.fields', [...TRANSACTION_FIELDS, ...MAPPABLE_FIELDS]],
      ['portfolio', 'ledger.costMethods', COST_METHODS],
      ['portfolio', 'ledger.periods', RETURN_PERIODS],
      ['portfolio', 'ledger.importFormats', IMPORT_FORMATS],
      ['portfolio', 'ledger.importStatuses', IMPORT_ROW_STATUSES],
    ];
    const unlabelled: string[] = [];
    for (const [namespace, group, values] of labelled) {
      const english = flatResources(DEFAULT_LANGUAGE, namespace);
      for (const value of values) {
        if (!english.has(`${group}.${value}`)) unlabelled.push(`${namespace}:${group}.${value}`);
      }
    }
    const subscriptionKeys = [...flatResources(DEFAULT_LANGUAGE, 'subscription').keys()];
    for (const feature of FEATURES) {
      if (!subscriptionKeys.includes(`features.${feature}.name`))
        unlabelled.push(`subscription:features.${feature}.name`);
    }

    expect(unlabelled).toEqual([]);
  });

  it('types keys from English, without plural suffixes', () => {
    const pluralKey: TranslationKey<'alerts'> = 'dismissed';
    const nestedKey: TranslationKey<'subscription'> = 'features.portfolio_assets.value';
    const defaultNamespaceKey: TranslationKey = 'buttons.save';
    // @ts-expect-error: keys are checked against the English resources.
    const unknownKey: TranslationKey<'alerts'> = 'no.such.key';

    expect([pluralKey, nestedKey, defaultNamespaceKey, unknownKey]).toHaveLength(4);
  });
});
