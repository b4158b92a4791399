import type {
  BillingMessageCode,
  BillingMessageParams,
} from '@app/shared/domain/billing/billing-message-codes';
import type { Message } from '@app/shared/messages/message';
import { AppError, type FieldIssue } from '../platform/errors';

/**
 * Refusals of the billing core: nothing was charged and nothing changed. Each carries a stable
 * message code of the shared catalogue and its parameters (texts: `messages.json`, en, fr, es), which
 * the platform words in the caller's language; `logDetail` is for logs. `code` stays the HTTP
 * category, as for every AppError.
 */
export abstract class BillingError<Code extends BillingMessageCode = BillingMessageCode> extends AppError {
  constructor(
    readonly messageCode: Code,
    readonly params: BillingMessageParams[Code],
    readonly logDetail: string,
    issues: readonly FieldIssue[] = [],
  ) {
    super({ code: messageCode, params } as Message, issues);
    this.name = new.target.name;
  }
}

/** 400: the card form's input is wrong (the field is in `params.field` for the form). */
export class CardRejectedError extends BillingError<
  | 'BILLING_CARD_NUMBER_INVALID'
  | 'BILLING_CARD_CVC_INVALID'
  | 'BILLING_CARD_EXPIRED'
  | 'BILLING_CARD_EXPIRED_UNDATED'
  | 'BILLING_CARD_EXPIRY_MONTH_INVALID'
  | 'BILLING_CARD_NOT_A_TEST_CARD'
  | 'BILLING_CARD_FORM_MISMATCH'
> {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
  constructor(
    messageCode: CardRejectedError['messageCode'],
    params: BillingMessageParams[CardRejectedError['messageCode']],
    readonly field: 'number' | 'cvc' | 'exp_month' | 'payment_method',
  ) {
    const path = field === 'payment_method' ? 'body.payment_method' : `body.card.${field}`;
    super(messageCode, params, `card.${field}: ${messageCode}`, [
      { path, message: { code: messageCode, params } as Message },
    ]);
  }
}

export class NoPaymentMethodError extends BillingError<'BILLING_NO_PAYMENT_METHOD'> {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
  constructor() {
    super('BILLING_NO_PAYMENT_METHOD', {}, 'No payment method on file');
  }
}

/**
 * 409: the request does not fit the account's billing state (a money-back already used included: the
 * guarantee is once per customer, docs/product.md "Business rules and limits").
 */
export class BillingStateError extends BillingError<
  | 'BILLING_ALREADY_SUBSCRIBED'
  | 'BILLING_NOT_SUBSCRIBED'
  | 'BILLING_ALREADY_ON_PLAN'
  | 'BILLING_PAYMENT_OVERDUE'
  | 'BILLING_NOT_PAST_DUE'
  | 'BILLING_PAYMENT_PENDING'
  | 'BILLING_NO_PENDING_AUTHENTICATION'
  | 'BILLING_NOTHING_SCHEDULED'
  | 'BILLING_MONEY_BACK_ALREADY_USED'
> {
  readonly status = 409;
  readonly code = 'CONFLICT';
}

/** 400: a higher tier at a lower charge (annual to monthly), which the plan rules refuse. */
export class PlanChangeRefusedError extends BillingError<'BILLING_CHANGE_LOWERS_CHARGE'> {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
}

/** 403: the money-back window of the latest charge closed (day 31 or later). */
export class RefundWindowClosedError extends BillingError<'BILLING_REFUND_WINDOW_CLOSED'> {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}

/** 422: the idempotency key was used for a different request. */
export class BillingKeyReusedError extends BillingError<'BILLING_IDEMPOTENCY_KEY_REUSED'> {
  readonly status = 422;
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  constructor(key: string) {
    super('BILLING_IDEMPOTENCY_KEY_REUSED', { key }, `Idempotency key ${key} was used for another request`);
  }
}

/** 409: another request holds the account (it is charging or writing); nothing was done. */
export class BillingBusyError extends BillingError<'BILLING_REQUEST_IN_PROGRESS'> {
  readonly status = 409;
  readonly code = 'CONFLICT';
  constructor() {
    super('BILLING_REQUEST_IN_PROGRESS', {}, 'Another billing request holds the account');
  }
}

/** 400: a webhook whose Stripe-Signature does not verify; nothing was read or changed. */
export class WebhookSignatureError extends BillingError<'BILLING_WEBHOOK_SIGNATURE_INVALID'> {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
  constructor(detail: string) {
    super('BILLING_WEBHOOK_SIGNATURE_INVALID', {}, `Stripe webhook refused: ${detail}`);
  }
}

/** 409: the customer portal exists only with the Stripe gateway, for a customer Stripe knows. */
export class PortalUnavailableError extends BillingError<'BILLING_PORTAL_UNAVAILABLE'> {
  readonly status = 409;
  readonly code = 'CONFLICT';
  constructor() {
    super('BILLING_PORTAL_UNAVAILABLE', {}, 'No Stripe customer portal for this account');
  }
}
