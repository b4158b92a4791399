import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { serverMessageOf } from './api-error-text';

/** Where the texts of the API's message codes live (shared/src/i18n, en/fr/es). */
const MESSAGE_CODE_NAMESPACES = ['subscription:billingMessages', 'subscription:planMessages'] as const;

/** The reader's-language text of a message code the API sent (a refusal, a declined payment), or null. */
export function useMessageCodeText(): (code: unknown, params?: unknown) => string | null {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: unknown, params: unknown = {}) => {
      if (typeof code !== 'string' || !code) return null;
      const values = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
      for (const namespace of MESSAGE_CODE_NAMESPACES) {
        const key = `${namespace}.${code}`;
        if (i18n.exists(key)) return (t as unknown as (key: string, options: object) => string)(key, values);
      }
      return null;
    },
    [t, i18n],
  );
}

/**
 * The text of a failed call: its `message_code` in the reader's language when the sites have it
 * (Messages by code, docs/architecture.md), else the server's own words, else null (the screen shows
 * its own fallback).
 */
export function useServerMessage(): (error: unknown) => string | null {
  const codeText = useMessageCodeText();
  return useCallback(
    (error: unknown) => {
      const body = isApiError(error)
        ? (error.body as { message_code?: unknown; params?: unknown } | null)
        : null;
      return codeText(body?.message_code, body?.params) ?? serverMessageOf(error);
    },
    [codeText],
  );
}
