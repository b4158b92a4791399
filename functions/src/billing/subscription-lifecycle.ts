import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type {
  BillingAccount,
  BillingStep,
  PaidPeriod,
  PaymentContext,
  ScheduledChange,
} from './billing-account';
import { NoPaymentMethodError } from './billing-errors';
import { retryPayment } from './billing-rules';
import {
  applyDeclinedPayment,
  applyPaymentRequiringAction,
  applySuccessfulPayment,
} from './billing-transitions';
import type { CardPaymentGateway } from './payment-gateway';
import type { CardChargeResult } from './charge-result';
import type { ProcessorInvoice, ProcessorSubscriptions } from './processor-subscriptions';

/**
 * The billing service's side of a processor that keeps the subscription (processor-subscriptions.ts,
 * Stripe's Subscriptions): each request of billing-service.ts that changes the plan makes the same
 * change on the processor's subscription, and a payment's figures are the processor's invoice. Our
 * account still decides what the app grants (README "Billing lifecycle").
 */

const DAY_SECONDS = 86_400;

/** A gateway's outcome applied to the account: paid, waiting for the bank's challenge, or declined. */
export function settleCharge(
  account: BillingAccount,
  context: PaymentContext,
  outcome: CardChargeResult,
  now: Date,
): BillingStep {
  if (outcome.status === 'succeeded') return applySuccessfulPayment(account, context, outcome.chargeId, now);
  if (outcome.status === 'requires_action')
    return applyPaymentRequiringAction(account, context, outcome, now);
  return applyDeclinedPayment(account, context, outcome.declineCode);
}

/**
 * The proration date that makes Stripe's per-second proration our whole-day one (docs/product.md
 * "Roles, plans and demo mode": the change day counts as remaining): the change day at the period's
 * time of day, within the period. Stripe's `proration_date` exists for this ("prorating by day instead
 * of by second", stripe.com/docs/api/subscriptions/update); tests/integration/stripe-proration.test.ts
 * checks the two agree at every hour of monthly and annual periods.
 */
export function prorationDateOf(period: Pick<PaidPeriod, 'start' | 'end'>, now: Date): number {
  const start = Math.floor(Date.parse(period.start) / 1000);
  const end = Math.floor(Date.parse(period.end) / 1000);
  const at = Math.floor(now.getTime() / 1000);
  const onChangeDay = at - (at % DAY_SECONDS) + (start % DAY_SECONDS);
  return Math.min(end, Math.max(start, onChangeDay));
}

/** The payment as the processor invoiced it: its lines and total are what was charged. */
export function withInvoiceFigures(context: PaymentContext, invoice: ProcessorInvoice): PaymentContext {
  return {
    ...context,
    priceCents: invoice.planCents,
    creditCents: invoice.creditCents,
    amountCents: invoice.totalCents,
  };
}

/**
 * The processor's subscriptions when the account has a plan kept by it; null otherwise (the sandbox, or
 * FREE: a subscription left from a first payment given up is not touched again).
 */
export function subscriptionsOf(gateway: CardPaymentGateway, account: BillingAccount) {
  const subscriptions = gateway.subscriptions;
  const subscription = account.processorSubscription ?? null;
  if (account.status === 'free') return null;
  return subscriptions && subscription ? { subscriptions, subscription } : null;
}

/** A subscription, an upgrade or a retry paid through the processor's subscription. */
export async function payThroughSubscription(
  subscriptions: ProcessorSubscriptions,
  account: BillingAccount,
  context: PaymentContext,
  now: Date,
): Promise<BillingStep> {
  const method = account.paymentMethod;
  if (!method?.processorCustomerId) throw new NoPaymentMethodError();
  const current = account.processorSubscription ?? null;
  const key = `${account.customerId}:${context.key}`;
  let paid;
  if (context.purpose === 'subscribe' || !current) {
    paid = await subscriptions.start({
      idempotencyKey: key,
      userId: account.customerId,
      processorCustomerId: method.processorCustomerId,
      paymentMethodId: method.id,
      plan: context.plan,
    });
  } else if (context.purpose === 'change' && account.period) {
    paid = await subscriptions.upgrade({
      idempotencyKey: key,
      subscription: current,
      plan: context.plan,
      prorationDate: prorationDateOf(account.period, now),
    });
  } else {
    paid = await subscriptions.payOpenInvoice({
      idempotencyKey: key,
      subscription: current,
      paymentMethodId: method.id,
      periodStart: context.periodStart,
    });
  }
  const step = settleCharge(account, withInvoiceFigures(context, paid.invoice), paid.charge, now);
  return {
    ...step,
    account: { ...step.account, processorSubscription: paid.subscription ?? current },
  };
}

/**
 * The renewal at the period end as the processor did it (it renews and retries on its own):
 * 'not_billed' while it has not billed the period yet, else the payment's context with its invoice and
 * outcome; null without a processor subscription (ours to charge).
 */
export async function renewalAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
  context: PaymentContext,
): Promise<{ context: PaymentContext; outcome: CardChargeResult } | 'not_billed' | null> {
  const held = subscriptionsOf(gateway, account);
  if (!held) return null;
  const state = await held.subscriptions.renewal(held.subscription, context.periodStart);
  if (state.status === 'not_billed') return 'not_billed';
  return { context: withInvoiceFigures(context, state.invoice), outcome: state.charge };
}

/**
 * A past-due account whose failed renewal the processor has since collected (its own retry, or the
 * customer paying the invoice in Stripe's portal): the retry's context and outcome, else null.
 */
export async function recoveryAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
): Promise<{ context: PaymentContext; outcome: CardChargeResult } | null> {
  const held = subscriptionsOf(gateway, account);
  if (!held || account.status !== 'past_due' || !account.period) return null;
  const state = await held.subscriptions.renewal(held.subscription, account.period.end);
  if (state.status !== 'billed' || state.charge.status !== 'succeeded') return null;
  const context = retryPayment(account, `recovered:${state.invoice.id}`);
  return { context: withInvoiceFigures(context, state.invoice), outcome: state.charge };
}

/** A downgrade or cancellation set on the processor's subscription for the period end. */
export async function scheduleAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
  change: ScheduledChange,
): Promise<BillingAccount> {
  const held = subscriptionsOf(gateway, account);
  if (!held) return account;
  const processorSubscription = await held.subscriptions.scheduleAtPeriodEnd({
    subscription: held.subscription,
    change: change.kind === 'cancel' ? { kind: 'cancel' } : { kind: 'downgrade', plan: change.plan },
  });
  return { ...account, processorSubscription };
}

/** The scheduled change withdrawn on the processor's subscription too. */
export async function withdrawAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
): Promise<BillingAccount> {
  const held = subscriptionsOf(gateway, account);
  if (!held) return account;
  return { ...account, processorSubscription: await held.subscriptions.withdrawScheduled(held.subscription) };
}

/** The processor's subscription ended now (a refund, an unpaid period given up), before FREE. */
export async function endAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
): Promise<BillingAccount> {
  const held = subscriptionsOf(gateway, account);
  if (held) await held.subscriptions.cancelNow(held.subscription);
  return account;
}

/** A new card becomes the one the processor charges the subscription's next invoices to. */
export async function useCardAtProcessor(
  gateway: CardPaymentGateway,
  account: BillingAccount,
  paymentMethodId: string,
): Promise<void> {
  const held = subscriptionsOf(gateway, account);
  if (held) await held.subscriptions.useCard(held.subscription, paymentMethodId);
}

/**
 * The confirmation step's upgrade figures when the processor keeps the subscription: its invoice
 * preview for the same change (Stripe's `POST /v1/invoices/create_preview` with the proration date the
 * upgrade will use), so the quote is what Stripe will charge. Anything else is our quote unchanged.
 */
export async function withProcessorPreview<
  Q extends { kind: string; price_cents: number; credit_cents: number; amount_due_cents: number },
>(gateway: CardPaymentGateway, account: BillingAccount, plan: PaidPlan, quote: Q, now: Date): Promise<Q> {
  const held = subscriptionsOf(gateway, account);
  if (!held || quote.kind !== 'upgrade' || !account.period) return quote;
  const preview = await held.subscriptions.previewUpgrade({
    subscription: held.subscription,
    plan,
    prorationDate: prorationDateOf(account.period, now),
  });
  return {
    ...quote,
    price_cents: preview.planCents,
    credit_cents: preview.creditCents,
    amount_due_cents: preview.totalCents,
  };
}
