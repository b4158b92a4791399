import i18next from 'i18next';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../api/contract';
import {
  ASSET_TYPES,
  CATALYST_TYPES,
  CONTEXTUAL_ACTIONS,
  FEATURES,
  LANGUAGES,
  QUOTA_FEATURES,
  RECOMMENDATION_ACTIONS,
  SENTIMENT_LABELS,
  TIERS,
  type Language,
} from '../domain/enums';
import { BILLING_PERIODS } from '../domain/rules/pricing';
import { messageResources } from '../i18n/message-resources';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { MESSAGE_CODES, message, type MessageCode } from './message';
import { fieldCode, fieldIssuesFromZod } from './field-issues';
import { LABEL_KINDS, type LabelKind, type MessageOf, type ParamKind } from './param-kinds';
import { renderMessage, type Translate } from './render-message';
import { fieldNamesOf } from './schema-fields';

/*
 * The one catalogue of server messages against its texts: every code has a text in en, fr and es using
 * only the code's parameters, every label a parameter needs exists, every request field is named in
 * each language, and nothing renders with English left in a French or Spanish text.
 */

type Texts = Readonly<Record<string, string>>;
type Tree = { readonly [key: string]: string | Tree };

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const PLURAL = /_(one|other)$/;

const translator = i18next.createInstance();
void translator.init({
  resources: messageResources as unknown as Record<string, Record<string, Tree>>,
  lng: 'en',
  fallbackLng: false,
  ns: ['messages', 'terms'],
  defaultNS: 'messages',
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const translate: Translate = (key, options) => translator.t(key, options);
const say = (said: MessageOf, language: Language) => renderMessage(said, language, translate);

function textsOf(language: Language): Texts {
  return messageResources[language].messages as Texts;
}

function textKeysOf(code: string, texts: Texts): string[] {
  return [code, `${code}_one`, `${code}_other`].filter((key) => key in texts);
}

describe('the message catalogue', () => {
  it.each(LANGUAGES)('has a text for every code in %s, and no text without a code', (language) => {
    const texts = textsOf(language);
    const missing = MESSAGE_CODES.filter((code) => textKeysOf(code, texts).length === 0);
    const orphans = Object.keys(texts).filter((key) => !(key.replace(PLURAL, '') in MESSAGE_CATALOGUE));

    expect({ missing, orphans }).toEqual({ missing: [], orphans: [] });
  });

  it.each(LANGUAGES)('uses in %s only the parameters each code declares', (language) => {
    const texts = textsOf(language);
    const problems: string[] = [];
    for (const code of MESSAGE_CODES) {
      const declared = Object.keys(MESSAGE_CATALOGUE[code]);
      for (const key of textKeysOf(code, texts)) {
        for (const [, name] of (texts[key] ?? '').matchAll(PLACEHOLDER)) {
          if (name && !declared.includes(name)) problems.push(`${key}: {{${name}}}`);
        }
      }
    }

    expect(problems).toEqual([]);
  });

  it('says every declared parameter in English, so none is dropped on the way', () => {
    // Carried for the site to act on, not said: the pending payment to confirm, the key reused.
    const carriedNotSaid = ['BILLING_PAYMENT_PENDING.challengeId', 'BILLING_IDEMPOTENCY_KEY_REUSED.key'];
    const texts = textsOf('en');
    const unused: string[] = [];
    for (const code of MESSAGE_CODES) {
      const used = new Set(
        textKeysOf(code, texts).flatMap((key) =>
          [...(texts[key] ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]),
        ),
      );
      for (const name of Object.keys(MESSAGE_CATALOGUE[code]))
        if (!used.has(name)) unused.push(`${code}.${name}`);
    }

    expect(unused).toEqual(carriedNotSaid);
  });

  it('gives plural texts (_one, _other) only to codes with a count, in every language alike', () => {
    const problems: string[] = [];
    for (const code of MESSAGE_CODES) {
      const plural = textKeysOf(code, textsOf('en')).some((key) => PLURAL.test(key));
      if (plural && !('count' in MESSAGE_CATALOGUE[code])) problems.push(`${code}: plural without count`);
      for (const language of LANGUAGES) {
        const keys = textKeysOf(code, textsOf(language));
        const complete = plural ? keys.length === 2 && !keys.includes(code) : keys.length === 1;
        if (!complete) problems.push(`${language}/${code}: ${keys.join(', ')}`);
      }
    }

    expect(problems).toEqual([]);
  });

  it('names codes by area, upper snake case', () => {
    const badlyNamed = MESSAGE_CODES.filter((code) => !/^[A-Z]+(_[A-Z0-9]+)*$/.test(code));

    expect(badlyNamed).toEqual([]);
  });
});

describe('the terms the parameters use', () => {
  const vocabularies: Partial<Record<LabelKind, readonly string[]>> = {
    tier: TIERS,
    feature: FEATURES,
    quotaUnits: QUOTA_FEATURES,
    assetType: [...ASSET_TYPES, 'other'],
    valueType: ['number', 'int', 'string', 'boolean', 'array', 'object', 'date', 'valid'],
    factor: ['financial_health', 'growth_quality', 'value', 'momentum', 'risk'],
    recommendationAction: RECOMMENDATION_ACTIONS,
    contextualAction: CONTEXTUAL_ACTIONS,
    catalystType: CATALYST_TYPES,
    sentiment: SENTIMENT_LABELS,
    billingCycle: BILLING_PERIODS,
    runStatus: ['succeeded', 'partial', 'failed'],
    level: ['low', 'medium', 'high'],
  };

  it.each(LANGUAGES)('label every value of each closed vocabulary in %s', (language) => {
    const terms = messageResources[language].terms as unknown as Record<string, Record<string, string>>;
    const missing: string[] = [];
    for (const [kind, values] of Object.entries(vocabularies) as [LabelKind, readonly string[]][]) {
      for (const value of values)
        if (!terms[LABEL_KINDS[kind]]?.[value]) missing.push(`${LABEL_KINDS[kind]}.${value}`);
    }

    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('name every field of every request of the contract in %s', (language) => {
    const fields = new Set<string>();
    for (const route of ROUTES)
      for (const schema of [route.params, route.query, route.body]) if (schema) fieldNamesOf(schema, fields);
    const labels = messageResources[language].terms.fields as Record<string, string>;

    expect([...fields].filter((field) => !labels[field])).toEqual([]);
  });

  it('has a group for every label kind', () => {
    const groups = Object.keys(messageResources.en.terms);

    expect(Object.values(LABEL_KINDS).filter((group) => !groups.includes(group))).toEqual([]);
  });
});

describe('rendering a message', () => {
  it('names the field in the reader language (hand-written expectations)', () => {
    const required = message('FIELD_REQUIRED', { field: 'email' });

    expect(say(required, 'en')).toBe('Email address: this field is required.');
    expect(say(required, 'fr')).toBe('Adresse e-mail : ce champ est obligatoire.');
    expect(say(required, 'es')).toBe('Correo electrónico: este campo es obligatorio.');
  });

  it('writes dates with the reader month names, and numbers in the reader locale (en-US, fr-FR, es-ES)', () => {
    const sale = message('LEDGER_SELL_EXCEEDS_HOLDING', {
      symbol: 'AAPL',
      date: '2019-09-27',
      quantity: 1234.5,
      held: 10,
    });

    expect(say(sale, 'en')).toBe(
      'This sale of 1,234.5 AAPL on Sep 27, 2019 is more than the 10 held that day.',
    );
    expect(say(sale, 'es')).toContain('27 sept 2019');
    expect(say(sale, 'es')).toContain('1234,5');
    expect(say(sale, 'fr')).toContain('27 sept. 2019');
    expect(say(sale, 'fr')).toContain('1\u202f234,5');
  });

  it('picks the plural form from the count', () => {
    expect(say(message('REQUEST_RATE_LIMITED', { count: 1 }), 'en')).toBe(
      'Too many requests. Please wait 1 second and try again.',
    );
    expect(say(message('REQUEST_RATE_LIMITED', { count: 30 }), 'fr')).toBe(
      'Trop de requêtes. Patientez 30 secondes puis réessayez.',
    );
  });

  it('renders nested messages and labels in the same language', () => {
    const upgrade = message('PLAN_UPGRADE_FOR_HOLDINGS', {
      reached: message('PLAN_QUOTA_HOLDINGS_FULL', { units: 'portfolio_assets', plan: 'FREE', count: 5 }),
      units: 'portfolio_assets',
      tier: 'PREMIUM',
      count: 25,
    });

    expect(say(upgrade, 'en')).toBe(
      'Your Free plan holds up to 5 portfolio assets. Upgrade to Premium for up to 25 portfolio assets.',
    );
    expect(say(upgrade, 'es')).toBe(
      'Su plan Gratis admite como máximo 5 activos en cartera. Cámbiese a Premium para tener hasta 25 activos en cartera.',
    );
  });

  it('reads a code it does not know as the code, rather than failing the answer', () => {
    expect(say({ code: 'SOME_FUTURE_CODE', params: {} }, 'fr')).toBe('SOME_FUTURE_CODE');
  });
});

describe('field issues of a failed parse', () => {
  const schema = z.strictObject({
    email: z.email(),
    password: z.string().min(8),
    shares: z.number().min(1),
    symbol: z.string().regex(/^[A-Z]+$/, fieldCode('FIELD_NOT_SYMBOL')),
  });

  it('gives each bad field a code that names it, whatever zod called the problem', () => {
    const input = { email: 'nope', password: 'short', shares: 'ten', symbol: 'a b', extra: 1 };
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('the input was meant to be refused');

    const issues = fieldIssuesFromZod(parsed.error, input, 'body');

    expect(issues.map((issue) => [issue.path, issue.message.code, issue.message.params])).toEqual([
      ['body.email', 'FIELD_NOT_EMAIL', { field: 'email' }],
      ['body.password', 'FIELD_TOO_SHORT', { field: 'password', minimum: 8 }],
      ['body.shares', 'FIELD_WRONG_TYPE', { field: 'shares', expected: 'number' }],
      ['body.symbol', 'FIELD_NOT_SYMBOL', { field: 'symbol' }],
      ['body.extra', 'FIELD_UNKNOWN', { field: 'extra' }],
    ]);
  });

  it('tells a missing field from a wrong one', () => {
    const input = { password: 'long enough', shares: 2, symbol: 'AAPL' };
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('the input was meant to be refused');

    const [issue] = fieldIssuesFromZod(parsed.error, input, 'body');

    expect(issue?.message).toEqual({ code: 'FIELD_REQUIRED', params: { field: 'email' } });
  });
});

/** A value of each kind, to render every code with something in each parameter. */
function sampleParam(kind: ParamKind): unknown {
  switch (kind) {
    case 'text':
      return 'AAPL';
    case 'date':
    case 'dateTime':
    case 'month':
      return '2019-09-27T14:30:00Z';
    case 'message':
      return message('FIELD_REQUIRED', { field: 'email' });
    case 'messages':
      return [message('FIELD_REQUIRED', { field: 'email' })];
    case 'field':
      return 'purchase_date';
    case 'tier':
      return 'PREMIUM';
    case 'feature':
    case 'quotaUnits':
      return 'portfolio_assets';
    case 'billingCycle':
      return 'annual';
    case 'sentiment':
      return 'negative';
    case 'catalystType':
      return 'earnings';
    default:
      return kind in LABEL_KINDS ? 'HOLD' : 12.5;
  }
}

/** English function words that French and Spanish never use as words of their own. */
const ENGLISH_WORDS =
  /(?<!\p{L})(the|and|your|you|is|are|please|with|not|for|this|that|of|to|from|has|have|was|were|will|be|been|an|at|by|which|than|only|any|its|it)(?!\p{L})/iu;

describe('untranslated English in rendered server texts', () => {
  it.each(['fr', 'es'] as const)('leaves no English function word in any %s text', (language) => {
    const english: string[] = [];
    for (const code of MESSAGE_CODES) {
      const params = Object.fromEntries(
        Object.entries(MESSAGE_CATALOGUE[code] as Record<string, ParamKind>).map(([name, kind]) => [
          name,
          name === 'count' ? 3 : sampleParam(kind),
        ]),
      );
      const text = say({ code, params } as MessageOf, language)
        // Proper names, tickers and protocol words the texts quote on purpose.
        .replace(
          /AAPL|Content-Type: application\/json|Idempotency-Key|CloudWatch|JSON|API|UUID|UTC|SEC|FDA/g,
          '',
        );
      const match = ENGLISH_WORDS.exec(text);
      if (match) english.push(`${code as MessageCode}: "${match[0]}" in "${text}"`);
    }

    expect(english).toEqual([]);
  });

  it.each(['fr', 'es'] as const)(
    'translates every label of the %s terms that is more than a name',
    (language) => {
      const copies: string[] = [];
      const walk = (english: Tree, translated: Tree, path: string) => {
        for (const [key, value] of Object.entries(english)) {
          const other = translated[key];
          if (typeof value === 'string') {
            if (value === other && ENGLISH_WORDS.test(value)) copies.push(`${path}${key}`);
          } else if (typeof other === 'object') walk(value, other, `${path}${key}.`);
        }
      };
      walk(
        messageResources.en.terms as unknown as Tree,
        messageResources[language].terms as unknown as Tree,
        '',
      );

      expect(copies).toEqual([]);
    },
  );
});
