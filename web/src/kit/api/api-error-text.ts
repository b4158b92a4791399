import type { i18n as I18nInstance } from 'i18next';
import { isMessageCode } from '@app/shared/messages/message';
import type { MessageOf } from '@app/shared/messages/param-kinds';
import { renderMessage } from '@app/shared/messages/render-message';
import { isApiError, type ApiError } from './api-client';

/*
 * The one place where the sites read the text of an API error body. The server words its messages
 * by code (docs/messages.md): the site renders the body's `message_code` and `params` with its own
 * resources in its current language, so nothing the server wrote in another language reaches the
 * screen; the body's `error` (already in the language the request asked for) when the code is one
 * this build does not know. A screen supplies its translated fallback for when no body came (network
 * failure, timeout, an answer that is not the API's).
 */

/** The screens' i18next instance: its language and its `t`, with the `messages` and `terms` namespaces. */
export type Translator = Pick<I18nInstance, 'language' | 't' | 'exists'>;

function countOf(params: unknown): { count?: number } {
  const count = (params as { count?: unknown } | null)?.count;
  return typeof count === 'number' ? { count } : {};
}

/** The text of one message code with its parameters in the translator's language; null when unknown. */
export function messageText(
  code: string,
  params: unknown,
  translator: Translator | undefined,
): string | null {
  if (
    !translator ||
    !isMessageCode(code) ||
    // With its `count`, a plural code (CODE_one / CODE_other) is found too.
    !translator.exists(`messages:${code}`, { lng: translator.language, ...countOf(params) })
  )
    return null;
  const message = { code, params: (params ?? {}) as MessageOf['params'] };
  const language = translator.language === 'fr' || translator.language === 'es' ? translator.language : 'en';
  // Keys built from a code at run time: the site's typed keys cannot know them, hence the loose `t`.
  const translate = translator.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return renderMessage(message, language, translate);
}

function bodyText(error: ApiError, translator: Translator | undefined): string | null {
  const body = error.body;
  if (!body) return null;
  return messageText(body.message_code, body.params, translator) ?? (body.error || null);
}

/** The upgrade message of a quota or plan refusal (403 with `detail.upgrade_message`), if any. */
export function upgradeMessageOf(error: unknown, translator?: Translator): string | null {
  if (!isApiError(error)) return null;
  const detail = error.body?.detail;
  if (!detail || typeof detail !== 'object') return null;
  // The upgrade message is the body's own message: render its code when the site knows it.
  return bodyText(error, translator) ?? detail.upgrade_message;
}

/** The server's text for a failed call: its detail, else its message by code, else its error; or null. */
export function serverMessageOf(error: unknown, translator?: Translator): string | null {
  if (!isApiError(error) || !error.body) return null;
  const { detail } = error.body;
  if (typeof detail === 'string' && detail) return detail;
  return bodyText(error, translator);
}
