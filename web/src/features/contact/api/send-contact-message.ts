import type { ContactMessagePayload } from '@app/shared/domain/entities/contact';
import { callFromPublicPage } from '@/kit/api/public-page-call';

export type SendContactMessage = (body: ContactMessagePayload, language: string) => Promise<unknown>;

/**
 * Posts the contact form for the admin Inbox (POST /api/contact), loading the API client on the
 * first message (kit/api/public-page-call.ts). A signed-in visitor's token goes with it (the API keeps
 * their id and plan); the API answers in the form's language.
 */
export const sendContactMessage: SendContactMessage = async (body, language) =>
  callFromPublicPage(language, (api, contract) => api.call(contract.public.sendContactMessage, { body }));
