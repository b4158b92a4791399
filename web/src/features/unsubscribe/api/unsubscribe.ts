import type { UnsubscribeResult } from '@app/shared/domain/entities/mail';

/**
 * Posts a mail's unsubscribe token (POST /api/unsubscribe). Like the contact form, the public page
 * carries no server state in its chunk: the runtime config, the API client and the contract load
 * here. No sign-in: the signed token is the authority. The API answers in the page's language.
 */
export async function postUnsubscribe(token: string, language: string): Promise<UnsubscribeResult> {
  const [{ getRuntimeConfig }, { setUpServerAccess }, { api, configureRequestLanguage }, { contract }] =
    await Promise.all([
      import('@/kit/config/runtime-config'),
      import('@/kit/api/server-state'),
      import('@/kit/api/api-client'),
      import('@app/shared/api/contract'),
    ]);
  setUpServerAccess(await getRuntimeConfig());
  configureRequestLanguage(() => language);
  return api.call(contract.public.unsubscribe, { body: { token } });
}
