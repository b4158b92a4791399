import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '@app/shared/domain/enums';
import { messageResources } from '@app/shared/i18n/message-resources';
import type { Message } from '@app/shared/messages/message';
import type { MessageOf, ParamValue } from '@app/shared/messages/param-kinds';
import { renderMessage, renderMessageFigures } from '@app/shared/messages/render-message';
import { createTranslator } from '@app/shared/messages/translator';

/**
 * The server's words in the caller's language (docs/messages.md). Services and the engine produce
 * messages (a code of `shared/src/messages/message-catalogue.ts` and its parameters); this module
 * turns one into text, once, where the answer is built: errors in `error-response.ts`, generated texts
 * in the services that answer a route. The language is the caller's `Accept-Language` (en, fr, es;
 * English otherwise), resolved once per request by the platform.
 */

export const DEFAULT_LANGUAGE: Language = 'en';

// The messages and terms of en, fr and es, bundled: nothing to load, the first request renders at once.
const translate = createTranslator(messageResources);

/** The caller's language from an `Accept-Language` header: the best of en, fr, es, else English. */
export function languageOfHeader(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return (best as Language | undefined) ?? DEFAULT_LANGUAGE;
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
