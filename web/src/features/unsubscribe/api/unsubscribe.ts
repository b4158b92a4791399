import type { UnsubscribeResult } from '@app/shared/domain/entities/mail';
import { callFromPublicPage } from '@/kit/api/public-page-call';

/**
 * Posts a mail's unsubscribe token (POST /api/unsubscribe), loading the API client on the call
 * (kit/api/public-page-call.ts). No sign-in: the signed token is the authority. The API answers in
 * the page's language.
 */
export async function postUnsubscribe(token: string, language: string): Promise<UnsubscribeResult> {
  return callFromPublicPage(language, (api, contract) =>
    api.call(contract.public.unsubscribe, { body: { token } }),
  );
}
