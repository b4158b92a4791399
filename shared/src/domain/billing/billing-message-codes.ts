/**
 * Stable codes of every message the billing core produces, each with its parameters. The texts are in
 * `shared/src/i18n/locales/<language>/subscription.json` under `billingMessages.<code>`, with the parameters as
 * `{{placeholders}}`; dates are ISO strings and amounts integer cents, formatted by whoever renders
 * them in the reader's language.
 */
export interface BillingMessageParams {
  BILLING_CARD_NUMBER_INVALID: Record<string, never>;
  BILLING_CARD_CVC_INVALID: { digits: number };
  BILLING_CARD_EXPIRED: { expMonth: number; expYear: number };
  BILLING_CARD_NOT_A_TEST_CARD: Record<string, never>;
  BILLING_NO_PAYMENT_METHOD: Record<string, never>;
  BILLING_ALREADY_SUBSCRIBED: { tier: string; cycle: string };
  BILLING_NOT_SUBSCRIBED: Record<string, never>;
  BILLING_ALREADY_ON_PLAN: { tier: string; cycle: string };
  BILLING_CHANGE_LOWERS_CHARGE: { tier: string; suggestedCycle: string };
  BILLING_PAYMENT_OVERDUE: { graceEndsAt: string };
  BILLING_NOT_PAST_DUE: Record<string, never>;
  BILLING_PAYMENT_PENDING: { challengeId: string };
  BILLING_NO_PENDING_AUTHENTICATION: Record<string, never>;
  BILLING_NOTHING_SCHEDULED: Record<string, never>;
  BILLING_REFUND_WINDOW_CLOSED: { chargedAt: string; deadline: string; day: number };
  BILLING_IDEMPOTENCY_KEY_REUSED: { key: string };
  BILLING_REQUEST_IN_PROGRESS: Record<string, never>;
  BILLING_CARD_DECLINED: { declineCode: string };
  BILLING_AUTHENTICATION_REQUIRED: Record<string, never>;
  BILLING_AUTHENTICATION_FAILED: Record<string, never>;
}

export type BillingMessageCode = keyof BillingMessageParams;

/** Every code once, for tests and for the shared enumeration of message codes. */
export const BILLING_MESSAGE_CODES = [
  'BILLING_CARD_NUMBER_INVALID',
  'BILLING_CARD_CVC_INVALID',
  'BILLING_CARD_EXPIRED',
  'BILLING_CARD_NOT_A_TEST_CARD',
  'BILLING_NO_PAYMENT_METHOD',
  'BILLING_ALREADY_SUBSCRIBED',
  'BILLING_NOT_SUBSCRIBED',
  'BILLING_ALREADY_ON_PLAN',
  'BILLING_CHANGE_LOWERS_CHARGE',
  'BILLING_PAYMENT_OVERDUE',
  'BILLING_NOT_PAST_DUE',
  'BILLING_PAYMENT_PENDING',
  'BILLING_NO_PENDING_AUTHENTICATION',
  'BILLING_NOTHING_SCHEDULED',
  'BILLING_REFUND_WINDOW_CLOSED',
  'BILLING_IDEMPOTENCY_KEY_REUSED',
  'BILLING_REQUEST_IN_PROGRESS',
  'BILLING_CARD_DECLINED',
  'BILLING_AUTHENTICATION_REQUIRED',
  'BILLING_AUTHENTICATION_FAILED',
] as const satisfies readonly BillingMessageCode[];

/** Fails the type check when a code is added to the params map but not to the list. */
type MissingFromList = Exclude<BillingMessageCode, (typeof BILLING_MESSAGE_CODES)[number]>;
export const BILLING_MESSAGE_CODES_COMPLETE: MissingFromList extends never ? true : never = true;
