import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '@app/shared/domain/enums';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Message } from '@app/shared/messages/message';
import type { MessageOf, ParamValue } from '@app/shared/messages/param-kinds';
import { renderMessage, renderMessageFigures } from '@app/shared/messages/render-message';
import { createTranslator } from '@app/shared/messages/translator';
import { DATA_FILE_NAMES, loadDataFile } from './data-files';

/**
 * The server's words in the caller's language (docs/messages.md). Services and the engine produce
 * messages (a code of `shared/src/messages/message-catalogue.ts` and its parameters); this module
 * turns one into text, once, where the answer is built: errors in `error-response.ts`, generated texts
 * in the services that answer a route. The language is the caller's `Accept-Language` (en, fr, es;
 * English otherwise), resolved once per request by the platform.
 */

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the `messages` and `terms` JSON of each language live in the source tree (shared/src/i18n/locales). */
function localesDirectory(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@app/shared/i18n')), 'locales');
}

/**
 * One language's namespace, read at run time rather than bundled (about 98 KB of JSON for the three
 * languages, platform/data-files.ts): the shipped copy in Lambda, the source tree's elsewhere.
 */
export function readSourceNamespace(language: Language, namespace: 'messages' | 'terms'): unknown {
  return JSON.parse(readFileSync(join(localesDirectory(), language, `${namespace}.json`), 'utf8')) as unknown;
}

function loadNamespace(language: Language, namespace: 'messages' | 'terms'): object {
  const tree = loadDataFile(DATA_FILE_NAMES.messages(language, namespace), () =>
    readSourceNamespace(language, namespace),
  );
  if (typeof tree !== 'object' || tree === null || Object.keys(tree).length === 0) {
    throw new Error(`the ${language} ${namespace} file is empty or not an object`);
  }
  return tree;
}

// Read once at cold start (the init phase), so the first request renders at once.
const translate = createTranslator(
  Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { messages: loadNamespace(language, 'messages'), terms: loadNamespace(language, 'terms') },
    ]),
  ) as Record<Language, object>,
);

/** The caller's language from an `Accept-Language` header: the best of en, fr, es, else English. */
export function languageOfHeader(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return (best as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * Whether a request names one of our languages in `Accept-Language` (any case of the header name). A
 * wildcard (`*`, what fetch sends by default) or only other languages name none.
 */
export function hasAcceptLanguage(
  headers: Readonly<Record<string, string | undefined>> | undefined,
): boolean {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-language')?.[1];
  return (value ?? '')
    .split(',')
    .map((range) => range.split(';')[0]?.trim().split('-')[0]?.toLowerCase() ?? '')
    .some((primary) => (LANGUAGES as readonly string[]).includes(primary));
}

/** The same, from a request's headers (any case of the header name). */
export function languageOfHeaders(
  headers: Readonly<Record<string, string | undefined>> | undefined,
): Language {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'accept-language');
  return languageOfHeader(entry?.[1]);
}

/** A message's figures in `language` (the alerts' details). */
export function renderFigures(
  message: Message | MessageOf,
  names: readonly string[],
  language: Language,
): { name: string; value: string }[] {
  return renderMessageFigures(message, names, language, translate);
}

/** A message's text in `language`. */
export function render(message: Message | MessageOf, language: Language): string {
  return renderMessage(message, language, translate);
}

/** A renderer bound to one request's language: what services receive to word their answers. */
export type Render = (message: Message) => string;

export function rendererFor(language: Language): Render {
  return (message) => render(message, language);
}

type WireValue = string | number;
type WireMessage = { code: string; params: Record<string, WireValue> };

function isMessage(value: unknown): value is MessageOf {
  return typeof value === 'object' && value !== null && 'code' in value && 'params' in value;
}

function flatParams(
  params: Readonly<Record<string, ParamValue>>,
  language: Language,
): Record<string, WireValue> {
  const flat: Record<string, WireValue> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') flat[name] = value;
    else if (Array.isArray(value))
      flat[name] = value.map((item: MessageOf) => render(item, language)).join(' ');
    else if (isMessage(value)) flat[name] = render(value, language);
  }
  return flat;
}

/**
 * A message's parameters as the error body carries them (`ApiErrorSchema.params`), so a site can
 * render the code in its own language: values as given, nested messages one level deep with flat
 * parameters (deeper ones already rendered in `language`).
 */
export function wireParams(
  params: Readonly<Record<string, ParamValue>>,
  language: Language,
): Record<string, WireValue | WireMessage | WireMessage[]> {
  const wire: Record<string, WireValue | WireMessage | WireMessage[]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') wire[name] = value;
    else if (Array.isArray(value))
      wire[name] = value.map((item: MessageOf) => ({
        code: item.code,
        params: flatParams(item.params, language),
      }));
    else if (isMessage(value)) wire[name] = { code: value.code, params: flatParams(value.params, language) };
  }
  return wire;
}

/** A label of the `terms` namespace in `language` (a CSV's column titles: `realisedGainsCsv.gain`). */
export function termOf(key: string, language: Language): string {
  return translate(`terms:${key}`, { lng: language });
}
