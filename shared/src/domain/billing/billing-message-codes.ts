import { MESSAGE_CODES, type MessageCode, type MessageParams } from '../../messages/message';

/**
 * The billing core's messages: the BILLING_ codes of the one message catalogue
 * (`shared/src/messages/message-catalogue.ts`), with their parameters; the texts are in
 * `shared/src/i18n/locales/<language>/messages.json`. Dates are ISO strings and amounts integer
 * cents, formatted in the reader's language when rendered.
 */
export type BillingMessageCode = Extract<MessageCode, `BILLING_${string}`>;

export type BillingMessageParams = { [Code in BillingMessageCode]: MessageParams<Code> };

/** Every billing code once, in catalogue order. */
export const BILLING_MESSAGE_CODES = MESSAGE_CODES.filter((code): code is BillingMessageCode =>
  code.startsWith('BILLING_'),
);
