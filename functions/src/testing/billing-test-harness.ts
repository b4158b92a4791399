import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from '@app/shared/domain/billing/sandbox-test-cards';
import { SandboxPaymentGateway } from '../billing/payment-gateway';
import { newBillingAccount, type BillingAccount } from '../billing/billing-account';
import { createBillingService, type BillingReply, type BillingService } from '../billing/billing-service';

/**
 * For the billing tests only: one account driven through the real service and the sandbox gateway
 * with a frozen clock that the test moves by hand. Each step keeps the account the service returns,
 * as storage would; a refused step keeps the previous one.
 */
export function billingHarness(startsAt: string, customerId = 'user-1') {
  let now = new Date(startsAt);
  let account: BillingAccount = newBillingAccount(customerId);
  let keys = 0;
  const gateway = new SandboxPaymentGateway();
  const service = createBillingService({ gateway, now: () => now });

  function nextKey(): string {
    keys += 1;
    return `key-${keys}`;
  }

  async function step(run: (service: BillingService, account: BillingAccount) => Promise<BillingReply>) {
    const reply = await run(service, account);
    account = reply.account;
    return reply;
  }

  return {
    gateway,
    service,
    get account() {
      return account;
    },
    at(iso: string) {
      now = new Date(iso);
    },
    /** A fresh idempotency key, as the site makes one per submitted form. */
    key: nextKey,
    step,
    saveCard(behaviour: SandboxCardBehaviour) {
      return step((billing, current) =>
        billing.savePaymentMethod(current, {
          key: nextKey(),
          source: {
            kind: 'card',
            card: { number: SANDBOX_TEST_CARDS[behaviour], exp_month: 12, exp_year: 2030, cvc: '123' },
          },
        }),
      );
    },
    subscribe(tier: 'PREMIUM' | 'PRO', cycle: 'monthly' | 'annual', key = nextKey()) {
      return step((billing, current) => billing.subscribe(current, { key, plan: { tier, cycle } }));
    },
    changePlan(tier: 'PREMIUM' | 'PRO', cycle: 'monthly' | 'annual', key = nextKey()) {
      return step((billing, current) => billing.changePlan(current, { key, plan: { tier, cycle } }));
    },
    runRenewalJob() {
      return step((billing, current) => billing.runDueRenewal(current));
    },
    /** The card starts declining, then the renewal job runs at `iso` (the period's end). */
    async failRenewalAt(iso: string) {
      await this.saveCard('declines');
      now = new Date(iso);
      return this.runRenewalJob();
    },
  };
}

/** A harness whose account bought the plan at `startsAt` with the test card that always succeeds. */
export async function subscribedHarness(
  startsAt: string,
  tier: 'PREMIUM' | 'PRO',
  cycle: 'monthly' | 'annual',
  customerId = 'user-1',
) {
  const billing = billingHarness(startsAt, customerId);
  await billing.saveCard('succeeds');
  await billing.subscribe(tier, cycle);
  return billing;
}
