/**
 * The words the server writes, alone: the `messages` and `terms` namespaces in en, fr and es. The API
 * loads only these (not the sites' namespaces), so each Lambda bundle carries what it renders.
 * Their keys are checked with the others in `resources.test.ts` and against the message catalogue in
 * `shared/src/messages/messages.test.ts`.
 */
import type { Language } from '../domain/enums';
import enMessages from './locales/en/messages.json';
import enTerms from './locales/en/terms.json';
import frMessages from './locales/fr/messages.json';
import frTerms from './locales/fr/terms.json';
import esMessages from './locales/es/messages.json';
import esTerms from './locales/es/terms.json';

export interface MessageResources {
  messages: typeof enMessages;
  terms: typeof enTerms;
}

export const messageResources: Readonly<Record<Language, MessageResources>> = {
  en: { messages: enMessages, terms: enTerms },
  fr: { messages: frMessages, terms: frTerms },
  es: { messages: esMessages, terms: esTerms },
};
