import { createHash } from 'node:crypto';
import type { Tier } from '@app/shared/domain/enums';

/**
 * Where upgrades are paid. The subscription service only talks to this interface; the local default
 * is a sandbox that approves every charge, so billing history is real data in DynamoDB without a
 * payment processor.
 *
 * Adapter seam: a card processor (Stripe: PaymentIntents with `idempotency_key`, refunds) or a crypto
 * processor (an invoice settled by webhook) plugs in as a `CardProcessorPaymentGateway` /
 * `CryptoPaymentGateway` class implementing this interface, selected in `createPaymentGateway` from
 * `PAYMENT_GATEWAY`. Neither exists yet; nothing pretends to be one.
 */

export interface ChargeRequest {
  /**
   * The same key must yield the same charge (processors deduplicate on it), so a double click or a
   * retry of one upgrade can never charge twice.
   */
  idempotencyKey: string;
  customerId: string;
  amount: number;
  currency: 'USD';
  tier: Tier;
  description: string;
}

export type ChargeResult = { status: 'approved'; chargeId: string } | { status: 'declined'; reason: string };

export interface PaymentGateway {
  /** Stored on each invoice as `gateway`. */
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives a charge back, e.g. when the upgrade it paid for lost a race and was not applied. */
  refund(chargeId: string, reason: string): Promise<void>;
}

/**
 * Approves every charge. Charge ids derive from the idempotency key, which is exactly how a
 * processor's idempotency behaves: the same key returns the same charge.
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly refunded: string[] = [];

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digest = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24);
    return { status: 'approved', chargeId: `ch_sandbox_${digest}` };
  }

  async refund(chargeId: string): Promise<void> {
    // Nothing was taken, so nothing is given back; the list lets tests see that a refund was asked for.
    this.refunded.push(chargeId);
  }
}

export type PaymentGatewayName = 'sandbox';

export function createPaymentGateway(name: PaymentGatewayName): PaymentGateway {
  switch (name) {
    case 'sandbox':
      return new SandboxPaymentGateway();
    // case 'card': return new CardProcessorPaymentGateway(secretFromSecretsManager);  <- the seam
  }
}
