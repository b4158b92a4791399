import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentGateway } from './stripe-gateway';

/** Stripe's client as far as chargeCard uses it: records the PaymentIntent parameters it is given. */
function recordingStripe() {
  const created: Record<string, unknown>[] = [];
  const client = {
    paymentIntents: {
      create: async (params: Record<string, unknown>) => {
        created.push(params);
        return { id: `pi_${created.length}`, status: 'succeeded', client_secret: null };
      },
    },
  } as unknown as Stripe;
  return { gateway: new StripePaymentGateway(client), created };
}

const charge = {
  idempotencyKey: 'form-1',
  customerId: 'user-1',
  paymentMethodId: 'pm_1QxYz',
  processorCustomerId: 'cus_1',
  amountCents: 7_900,
  currency: 'USD' as const,
  description: 'Premium monthly',
};

describe('StripePaymentGateway.chargeCard', () => {
  it('saves the card for off-session renewals when the customer pays in person, never on a renewal', async () => {
    const { gateway, created } = recordingStripe();
    await gateway.chargeCard({ ...charge, offSession: false });
    await gateway.chargeCard({ ...charge, idempotencyKey: 'renewal-1', offSession: true });
    expect(created[0]).toMatchObject({
      off_session: false,
      setup_future_usage: 'off_session',
      confirm: true,
    });
    expect(created[1]).toMatchObject({ off_session: true, confirm: true });
    expect(created[1]).not.toHaveProperty('setup_future_usage');
  });
});
