import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../domain/enums';
import { messageResources } from '../i18n/message-resources';
import { MESSAGE_CATALOGUE } from './message-catalogue';
import { message } from './message';
import { LABEL_KINDS, type MessageOf, type ParamKind } from './param-kinds';
import { renderMessage, type Translate } from './render-message';
import { createTranslator } from './translator';

/*
 * The server renders with its own small translator, the sites with i18next: every message of the
 * catalogue, in every language, with a one and a many count, must read the same both ways.
 */

const i18n = i18next.createInstance();
void i18n.init({
  resources: messageResources as unknown as Record<string, Record<string, never>>,
  lng: 'en',
  fallbackLng: 'en',
  ns: ['messages', 'terms'],
  defaultNS: 'messages',
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const viaI18next: Translate = (key, options) => i18n.t(key, options);
const viaTranslator = createTranslator(messageResources);

function sample(kind: ParamKind, count: number): unknown {
  if (kind === 'text') return 'AAPL';
  if (kind === 'date' || kind === 'dateTime' || kind === 'month') return '2019-09-27T14:30:00Z';
  if (kind === 'message') return message('FIELD_TOO_SHORT', { field: 'password', minimum: count });
  if (kind === 'messages') return [message('FEED_QUOTE_OLD', { count, date: '2019-09-27' })];
  if (kind in LABEL_KINDS) return kind === 'tier' ? 'PRO' : kind === 'field' ? 'email' : 'unknown_value';
  return count;
}

describe('the server translator', () => {
  it.each(LANGUAGES)('renders every message in %s exactly as i18next does', (language) => {
    const different: string[] = [];
    for (const count of [1, 7]) {
      for (const [code, spec] of Object.entries(MESSAGE_CATALOGUE)) {
        const params = Object.fromEntries(
          Object.entries(spec as Record<string, ParamKind>).map(([name, kind]) => [
            name,
            sample(kind, count),
          ]),
        );
        const said = { code, params } as MessageOf;
        const expected = renderMessage(said, language, viaI18next);
        const actual = renderMessage(said, language, viaTranslator);
        if (actual !== expected) different.push(`${code} (${count}): "${actual}" vs "${expected}"`);
      }
    }

    expect(different).toEqual([]);
  });

  it('falls back to English, then to the default value or the key', () => {
    expect(viaTranslator('terms:tiers.NOPE', { lng: 'fr', defaultValue: 'NOPE' })).toBe('NOPE');
    expect(viaTranslator('messages:NO_SUCH_CODE', { lng: 'es' })).toBe('messages:NO_SUCH_CODE');
  });
});
