import type { ContactMessagePayload } from '@app/shared/domain/entities/contact';

export type SendContactMessage = (body: ContactMessagePayload, language: string) => Promise<unknown>;

/**
 * Posts the contact form for the admin Inbox (POST /api/contact). The public pages carry no server
 * state in their chunks (they are prerendered and kept small): the runtime configuration, the API
 * client and the contract load when a message is first sent. A signed-in visitor's token goes with
 * it (the API keeps their id and plan); the API answers in the form's language.
 */
export const sendContactMessage: SendContactMessage = async (body, language) => {
  const [{ getRuntimeConfig }, { setUpServerAccess }, { api, configureRequestLanguage }, { contract }] =
    await Promise.all([
      import('@/kit/config/runtime-config'),
      import('@/kit/api/server-state'),
      import('@/kit/api/api-client'),
      import('@app/shared/api/contract'),
    ]);
  setUpServerAccess(await getRuntimeConfig());
  configureRequestLanguage(() => language);
  return api.call(contract.public.sendContactMessage, { body });
};
