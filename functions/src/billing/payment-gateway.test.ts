import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '@app/shared/domain/billing/sandbox-test-cards';
import { CardRejectedError } from './billing-errors';
import { SandboxPaymentGateway } from './payment-gateway';

const NOW = new Date('2025-06-15T12:00:00Z');
const card = (
  number: string,
  overrides: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {},
) => ({
  number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  ...overrides,
});

async function paymentMethod(gateway: SandboxPaymentGateway, number: string) {
  return gateway.createPaymentMethod({
    customerId: 'user-1',
    source: { kind: 'card', card: card(number) },
    processorCustomerId: null,
    at: NOW,
  });
}

function chargeRequest(paymentMethodId: string, key = 'key-1', offSession = false) {
  return {
    idempotencyKey: key,
    customerId: 'user-1',
    paymentMethodId,
    amountCents: 7_900,
    currency: 'USD' as const,
    description: 'PREMIUM monthly',
    offSession,
  };
}

describe('SandboxPaymentGateway.createPaymentMethod', () => {
  it('keeps the brand, the last four digits and the expiry, never the number', async () => {
    const method = await paymentMethod(new SandboxPaymentGateway(), '4242 4242 4242 4242');

    expect(method).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(method.id).toMatch(/^pm_sandbox_succeeds_[0-9a-f]{24}$/);
    expect(JSON.stringify(method)).not.toContain('4242424242424242');
  });

  it.each([
    ['a number failing the Luhn check', card('4242424242424241'), 'BILLING_CARD_NUMBER_INVALID', 'number'],
    ['a short code', card(SANDBOX_TEST_CARDS.succeeds, { cvc: '12' }), 'BILLING_CARD_CVC_INVALID', 'cvc'],
    // Valid through 31 May 2025 23:59:59.999 UTC; it is 15 June.
    [
      'an expired card',
      card(SANDBOX_TEST_CARDS.succeeds, { exp_month: 5, exp_year: 2025 }),
      'BILLING_CARD_EXPIRED',
      'exp_month',
    ],
    // A valid Mastercard number, but not one of the sandbox's test cards.
    ['a real-looking card', card('5555555555554444'), 'BILLING_CARD_NOT_A_TEST_CARD', 'number'],
  ])('refuses %s', async (_label, input, messageCode, field) => {
    const attempt = new SandboxPaymentGateway().createPaymentMethod({
      customerId: 'user-1',
      source: { kind: 'card', card: input },
      processorCustomerId: null,
      at: NOW,
    });

    await expect(attempt).rejects.toBeInstanceOf(CardRejectedError);
    await expect(attempt).rejects.toMatchObject({ status: 400, messageCode, field });
  });
});

describe('SandboxPaymentGateway.chargeCard', () => {
  it('succeeds with 4242, declines with 0002 and challenges with 3184', async () => {
    const gateway = new SandboxPaymentGateway();
    const [good, bad, strong] = await Promise.all(
      [
        SANDBOX_TEST_CARDS.succeeds,
        SANDBOX_TEST_CARDS.declines,
        SANDBOX_TEST_CARDS.requires_authentication,
      ].map((number) => paymentMethod(gateway, number)),
    );

    expect(await gateway.chargeCard(chargeRequest(good!.id, 'a'))).toMatchObject({ status: 'succeeded' });
    expect(await gateway.chargeCard(chargeRequest(bad!.id, 'b'))).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
    });
    expect(await gateway.chargeCard(chargeRequest(strong!.id, 'c'))).toMatchObject({
      status: 'requires_action',
      challengeId: expect.stringMatching(/^3ds_/),
    });
    expect(gateway.netCollectedCents()).toBe(7_900);
  });

  it('declines a challenge card off-session: nobody is there to answer', async () => {
    const gateway = new SandboxPaymentGateway();
    const method = await paymentMethod(gateway, SANDBOX_TEST_CARDS.requires_authentication);

    const result = await gateway.chargeCard(chargeRequest(method.id, 'renewal', true));

    expect(result).toMatchObject({ status: 'declined', declineCode: 'authentication_required' });
  });

  it('returns the same charge for the same key and refuses the key with another amount', async () => {
    const gateway = new SandboxPaymentGateway();
    const method = await paymentMethod(gateway, SANDBOX_TEST_CARDS.succeeds);

    const first = await gateway.chargeCard(chargeRequest(method.id));
    const again = await gateway.chargeCard(chargeRequest(method.id));

    expect(again).toEqual(first);
    expect(gateway.netCollectedCents()).toBe(7_900);
    await expect(gateway.chargeCard({ ...chargeRequest(method.id), amountCents: 100 })).rejects.toThrow(
      /reused/,
    );
  });

  it('captures a challenged charge once it is approved, and answers a repeated answer the same', async () => {
    const gateway = new SandboxPaymentGateway();
    const method = await paymentMethod(gateway, SANDBOX_TEST_CARDS.requires_authentication);
    const pending = await gateway.chargeCard(chargeRequest(method.id));
    if (pending.status !== 'requires_action') throw new Error('expected a challenge');

    const approved = await gateway.confirmAuthentication({ ...pending, outcome: 'approve' });
    const answeredAgain = await gateway.confirmAuthentication({ ...pending, outcome: 'fail' });

    expect(approved).toEqual({ status: 'succeeded', chargeId: pending.chargeId });
    expect(answeredAgain).toEqual(approved);
    expect(gateway.netCollectedCents()).toBe(7_900);
  });
});

describe('SandboxPaymentGateway.refundCharge', () => {
  it('gives a captured charge back once per key and never more than was taken', async () => {
    const gateway = new SandboxPaymentGateway();
    const method = await paymentMethod(gateway, SANDBOX_TEST_CARDS.succeeds);
    const charge = await gateway.chargeCard(chargeRequest(method.id));
    const refund = {
      idempotencyKey: 'refund-1',
      chargeId: charge.chargeId,
      amountCents: 7_900,
      reason: 'test',
    };

    const first = await gateway.refundCharge(refund);
    const again = await gateway.refundCharge(refund);

    expect(again).toEqual(first);
    expect(gateway.netCollectedCents()).toBe(0);
    await expect(gateway.refundCharge({ ...refund, idempotencyKey: 'refund-2' })).rejects.toThrow(/above/);
  });
});
