import { createHash } from 'node:crypto';
import {
  CardDetailsSchema,
  cardBrandOf,
  isCardExpired,
  normaliseCardNumber,
} from '@app/shared/domain/billing/payment-card';
import type { CardDetails } from '@app/shared/domain/billing/payment-card';
import { sandboxBehaviourOf, type SandboxCardBehaviour } from '@app/shared/domain/billing/sandbox-test-cards';
import { CardRejectedError } from './billing-errors';
import type { ProcessorSubscriptions } from './processor-subscriptions';
import type { CardChargeResult } from './charge-result';

/**
 * Where plans are paid. The subscription area only talks to these interfaces; the local default is a
 * sandbox that behaves like a card processor in test mode, so billing runs end to end without one.
 *
 * The other implementation is Stripe (stripe-gateway.ts: PaymentMethods attached to a Customer,
 * PaymentIntents with idempotency keys and 3-D Secure `requires_action`, Refunds), chosen by
 * `PAYMENT_GATEWAY=stripe` (config.ts). Either way our records stay the source of what the app grants
 * and the gateway is the source of what was charged.
 */

/** What is kept of a card: never its number. */
export interface PaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The processor's customer the method is attached to (Stripe's `cus_...`); the sandbox has none. */
  processorCustomerId?: string;
}

/**
 * Where a card comes from: the sandbox's form sends its fields; with Stripe the number never reaches
 * us, Stripe.js sends a PaymentMethod id (`pm_...`) made in the browser.
 */
export type PaymentMethodSource = { kind: 'card'; card: CardDetails } | { kind: 'token'; token: string };

export interface CreatePaymentMethodRequest {
  customerId: string;
  source: PaymentMethodSource;
  /** The processor's customer already made for this account, reused for its next card. */
  processorCustomerId: string | null;
  at: Date;
}

export interface CardChargeRequest {
  /** Same key, same charge: the processor returns the first result instead of charging again. */
  idempotencyKey: string;
  customerId: string;
  paymentMethodId: string;
  processorCustomerId?: string;
  /** Integer cents. */
  amountCents: number;
  currency: 'USD';
  description: string;
  /** True for a renewal nobody is present for: a challenge cannot be answered, so it fails. */
  offSession: boolean;
}

export interface CardPaymentGateway {
  /** Named on logs and documents. */
  readonly name: string;
  /**
   * Present when the processor keeps the subscription itself (Stripe): plans are then bought, changed,
   * renewed and ended through it, and `chargeCard` is not used for them.
   */
  readonly subscriptions?: ProcessorSubscriptions;
  /** Validates and keeps a card (the processor's tokenisation); throws CardRejectedError naming the field. */
  createPaymentMethod(request: CreatePaymentMethodRequest): Promise<PaymentMethod>;
  chargeCard(request: CardChargeRequest): Promise<CardChargeResult>;
  /** The customer's answer to an authentication challenge; the pending charge succeeds or is declined. */
  confirmAuthentication(request: {
    chargeId: string;
    challengeId: string;
    outcome: 'approve' | 'fail';
  }): Promise<CardChargeResult>;
  refundCharge(request: {
    idempotencyKey: string;
    chargeId: string;
    amountCents: number;
    reason: string;
  }): Promise<{ refundId: string }>;
}

/** What identifies a card request without keeping anything derived from the full number. */
export function paymentMethodFingerprint(source: PaymentMethodSource): object {
  if (source.kind === 'token') return { type: 'save_payment_method', token: source.token };
  const card: CardDetails = source.card;
  return {
    type: 'save_payment_method',
    last4: normaliseCardNumber(card.number).slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/** One entry per charge the sandbox saw, for tests and local inspection: what money moved. */
export interface SandboxLedgerEntry {
  chargeId: string;
  amountCents: number;
  status: CardChargeResult['status'];
  refundedCents: number;
}

function digestOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

/**
 * The sandbox processor. Test cards decide each charge (`SANDBOX_TEST_CARDS`); ids derive from the
 * idempotency key, as a processor's idempotency behaves, and the card's behaviour is carried in the
 * payment method id, so any instance (one Lambda or another) answers a charge the same way. The
 * in-memory ledger only records what this instance saw.
 */
export class SandboxPaymentGateway implements CardPaymentGateway {
  readonly name = 'sandbox';
  readonly refunded: string[] = [];
  private readonly charges = new Map<
    string,
    { fingerprint: string; amountCents: number; refundedCents: number; result: CardChargeResult }
  >();

  async createPaymentMethod(request: CreatePaymentMethodRequest): Promise<PaymentMethod> {
    // A Stripe.js token reaching the sandbox is a site built for the other gateway.
    if (request.source.kind !== 'card')
      throw new CardRejectedError('BILLING_CARD_FORM_MISMATCH', {}, 'payment_method');
    return this.createFromCard({ customerId: request.customerId, card: request.source.card, at: request.at });
  }

  private createFromCard(request: { customerId: string; card: CardDetails; at: Date }): PaymentMethod {
    const parsed = CardDetailsSchema.safeParse(request.card);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'cvc') {
        const digits = cardBrandOf(request.card.number) === 'american-express' ? 4 : 3;
        throw new CardRejectedError('BILLING_CARD_CVC_INVALID', { digits }, 'cvc');
      }
      if (issue?.path[0] === 'exp_month') {
        throw new CardRejectedError('BILLING_CARD_EXPIRY_MONTH_INVALID', {}, 'exp_month');
      }
      if (issue?.path[0] === 'exp_year') {
        throw new CardRejectedError(
          'BILLING_CARD_EXPIRED',
          { expMonth: request.card.exp_month, expYear: request.card.exp_year },
          'exp_month',
        );
      }
      throw new CardRejectedError('BILLING_CARD_NUMBER_INVALID', {}, 'number');
    }
    const card = parsed.data;
    if (isCardExpired(card, request.at)) {
      throw new CardRejectedError(
        'BILLING_CARD_EXPIRED',
        { expMonth: card.exp_month, expYear: card.exp_year },
        'exp_month',
      );
    }
    const behaviour = sandboxBehaviourOf(card.number);
    if (behaviour === null) throw new CardRejectedError('BILLING_CARD_NOT_A_TEST_CARD', {}, 'number');
    const digits = normaliseCardNumber(card.number);
    return {
      id: `pm_sandbox_${behaviour}_${digestOf(request.customerId, digits, String(card.exp_month), String(card.exp_year))}`,
      brand: cardBrandOf(digits) ?? 'unknown',
      last4: digits.slice(-4),
      expMonth: card.exp_month,
      expYear: card.exp_year,
    };
  }

  async chargeCard(request: CardChargeRequest): Promise<CardChargeResult> {
    const chargeId = `ch_sandbox_${digestOf(request.idempotencyKey)}`;
    const fingerprint = `${request.customerId}|${request.paymentMethodId}|${request.amountCents}`;
    const seen = this.charges.get(chargeId);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        throw new Error(`Sandbox: idempotency key ${request.idempotencyKey} reused with other parameters`);
      }
      return seen.result;
    }
    const result = this.decide(
      behaviourOfPaymentMethod(request.paymentMethodId),
      chargeId,
      request.offSession,
    );
    this.charges.set(chargeId, { fingerprint, amountCents: request.amountCents, refundedCents: 0, result });
    return result;
  }

  async confirmAuthentication(request: {
    chargeId: string;
    challengeId: string;
    outcome: 'approve' | 'fail';
  }): Promise<CardChargeResult> {
    if (request.challengeId !== challengeIdOf(request.chargeId)) {
      throw new Error(
        `Sandbox: challenge ${request.challengeId} does not belong to charge ${request.chargeId}`,
      );
    }
    const entry = this.charges.get(request.chargeId);
    // A challenge is answered once; a repeated answer gets the first one's result.
    if (entry && entry.result.status !== 'requires_action') return entry.result;
    const result: CardChargeResult =
      request.outcome === 'approve'
        ? { status: 'succeeded', chargeId: request.chargeId }
        : { status: 'declined', chargeId: request.chargeId, declineCode: 'authentication_failed' };
    if (entry) entry.result = result;
    return result;
  }

  async refundCharge(request: {
    idempotencyKey: string;
    chargeId: string;
    amountCents: number;
  }): Promise<{ refundId: string }> {
    const refundId = `re_sandbox_${digestOf(request.idempotencyKey)}`;
    const entry = this.charges.get(request.chargeId);
    if (entry && !this.refunded.includes(refundId)) {
      if (entry.result.status !== 'succeeded')
        throw new Error(`Sandbox: charge ${request.chargeId} was not captured`);
      if (entry.refundedCents + request.amountCents > entry.amountCents) {
        throw new Error(`Sandbox: refund above the captured amount of ${request.chargeId}`);
      }
      entry.refundedCents += request.amountCents;
    }
    if (!this.refunded.includes(refundId)) this.refunded.push(refundId);
    return { refundId };
  }

  /** Every charge this instance saw, oldest first. */
  ledger(): SandboxLedgerEntry[] {
    return [...this.charges.values()].map(({ amountCents, refundedCents, result }) => ({
      chargeId: result.chargeId,
      amountCents,
      status: result.status,
      refundedCents,
    }));
  }

  /** Money kept: captured charges minus refunds, in cents. */
  netCollectedCents(): number {
    return this.ledger()
      .filter((entry) => entry.status === 'succeeded')
      .reduce((sum, entry) => sum + entry.amountCents - entry.refundedCents, 0);
  }

  private decide(behaviour: SandboxCardBehaviour, chargeId: string, offSession: boolean): CardChargeResult {
    if (behaviour === 'succeeds') return { status: 'succeeded', chargeId };
    if (behaviour === 'declines') return { status: 'declined', chargeId, declineCode: 'card_declined' };
    if (offSession) return { status: 'declined', chargeId, declineCode: 'authentication_required' };
    return { status: 'requires_action', chargeId, challengeId: challengeIdOf(chargeId) };
  }
}

function challengeIdOf(chargeId: string): string {
  return `3ds_${chargeId.replace(/^ch_/, '')}`;
}

function behaviourOfPaymentMethod(paymentMethodId: string): SandboxCardBehaviour {
  const match = /^pm_sandbox_(succeeds|declines|requires_authentication)_/.exec(paymentMethodId);
  if (!match?.[1]) throw new Error(`Sandbox: unknown payment method ${paymentMethodId}`);
  return match[1] as SandboxCardBehaviour;
}

export type PaymentGatewayName = 'sandbox' | 'stripe';
