import type { contract as Contract } from '@app/shared/api/contract';
import type { api as Api } from './api-client';

/**
 * A call from a prerendered public page (the contact form, the unsubscribe page). Those pages carry
 * no server state in their chunks (they are kept small): the runtime configuration, the API client
 * and the contract load on the first call. The API answers in `language`.
 */
export async function callFromPublicPage<T>(
  language: string,
  call: (api: typeof Api, contract: typeof Contract) => Promise<T>,
): Promise<T> {
  const [{ getRuntimeConfig }, { setUpServerAccess }, { api, configureRequestLanguage }, { contract }] =
    await Promise.all([
      import('@/kit/config/runtime-config'),
      import('@/kit/api/server-state'),
      import('@/kit/api/api-client'),
      import('@app/shared/api/contract'),
    ]);
  setUpServerAccess(await getRuntimeConfig());
  configureRequestLanguage(() => language);
  return call(api, contract);
}
