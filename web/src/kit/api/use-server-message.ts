import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText, serverMessageOf } from './api-error-text';

/**
 * The text of a message code the API sent inside a successful answer (a declined payment's reason),
 * in the site's current language (docs/messages.md); null for a code this build does not know.
 */
export function useMessageCodeText(): (code: unknown, params?: unknown) => string | null {
  const { i18n } = useTranslation();
  return useCallback(
    (code: unknown, params: unknown = {}) =>
      typeof code === 'string' ? messageText(code, params, i18n) : null,
    [i18n],
  );
}

/** The text of a failed call in the site's language (its message by code), or null for the screen's fallback. */
export function useServerMessage(): (error: unknown) => string | null {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => serverMessageOf(error, i18n), [i18n]);
}
