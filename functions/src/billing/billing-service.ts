import { createHash } from 'node:crypto';
import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import {
  paymentMethodFingerprint,
  type CardPaymentGateway,
  type PaymentMethodSource,
} from './payment-gateway';
import type { BillingAccount, BillingStep, PaymentContext } from './billing-account';
import { BillingKeyReusedError, BillingStateError, NoPaymentMethodError } from './billing-errors';
import {
  decideCancellation,
  decidePlanChange,
  dueAction,
  refundableCharges,
  retryPayment,
  scheduledChangeOf,
  subscriptionPayment,
} from './billing-rules';
import {
  applyRefunds,
  applyScheduledChange,
  returnToFree,
  withdrawScheduledChange,
} from './billing-transitions';
import {
  endAtProcessor,
  payThroughSubscription,
  recoveryAtProcessor,
  renewalAtProcessor,
  scheduleAtProcessor,
  settleCharge as settle,
  useCardAtProcessor,
  withdrawAtProcessor,
} from './subscription-lifecycle';

/**
 * The billing state machine's shell: it reads the clock, calls the payment gateway and feeds the
 * outcome to the pure transitions. It stores nothing: it takes the account and returns the next one
 * with the outputs to record (invoices, credit notes, tier changes), so storage can write them in one
 * conditional transaction.
 *
 * Idempotency: every request carries a key. The account remembers the answer given to each key; a
 * repeat returns it with no output and no gateway call, and the key with a different request is
 * refused. Gateway charges use keys derived from the same key, so even a repeat that lost the
 * account's record is charged once by the processor.
 */

export interface BillingServiceDeps {
  gateway: CardPaymentGateway;
  now: () => Date;
}

export interface BillingReply extends BillingStep {
  /** True when the answer is the one first given to this key (nothing was done again). */
  replayed: boolean;
}

function fingerprintOf(request: object): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

function unchanged(account: BillingAccount): BillingReply {
  return { account, outputs: [], result: { outcome: 'nothing_due' }, replayed: false };
}

export function createBillingService(deps: BillingServiceDeps) {
  async function once(
    account: BillingAccount,
    key: string,
    request: object,
    run: (now: Date) => BillingStep | Promise<BillingStep>,
  ): Promise<BillingReply> {
    const fingerprint = fingerprintOf(request);
    const previous = account.processed[key];
    if (previous) {
      if (previous.fingerprint !== fingerprint) throw new BillingKeyReusedError(key);
      return { account, outputs: [], result: previous.result, replayed: true };
    }
    const now = deps.now();
    const step = await run(now);
    const processed = {
      ...step.account.processed,
      [key]: { fingerprint, result: step.result, at: now.toISOString() },
    };
    return { ...step, account: { ...step.account, processed }, replayed: false };
  }

  async function pay(account: BillingAccount, context: PaymentContext, now: Date): Promise<BillingStep> {
    if (!account.paymentMethod) throw new NoPaymentMethodError();
    // A processor keeping the subscription (Stripe) is paid through it; it renews by itself. A plan
    // bought before it kept one goes on with charges of its own until its next subscription.
    const subscriptions = deps.gateway.subscriptions;
    const kept = context.purpose === 'subscribe' || Boolean(account.processorSubscription);
    if (subscriptions && kept && context.purpose !== 'renewal')
      return payThroughSubscription(subscriptions, account, context, now);
    const outcome = await deps.gateway.chargeCard({
      idempotencyKey: `${account.customerId}:${context.key}`,
      customerId: account.customerId,
      paymentMethodId: account.paymentMethod.id,
      processorCustomerId: account.paymentMethod.processorCustomerId,
      amountCents: context.amountCents,
      currency: 'USD',
      description: `${context.plan.tier} ${context.plan.cycle} ${context.periodStart.slice(0, 10)} to ${context.periodEnd.slice(0, 10)}`,
      offSession: context.purpose === 'renewal',
    });
    return settle(account, context, outcome, now);
  }

  function subscribeNow(account: BillingAccount, request: { key: string; plan: PaidPlan }, now: Date) {
    return pay(account, subscriptionPayment(account, request.plan, request.key, now), now);
  }

  async function changeNow(account: BillingAccount, request: { key: string; plan: PaidPlan }, now: Date) {
    const decision = decidePlanChange(account, request.plan, request.key, now);
    if (decision.kind === 'schedule') {
      return applyScheduledChange(
        await scheduleAtProcessor(deps.gateway, account, decision.change),
        decision.change,
      );
    }
    return pay(account, decision.context, now);
  }

  const service = {
    /** Keeps a card for later charges (the card form's first step). */
    savePaymentMethod: (account: BillingAccount, request: { key: string; source: PaymentMethodSource }) =>
      once(account, request.key, paymentMethodFingerprint(request.source), async (now) => {
        const paymentMethod = await deps.gateway.createPaymentMethod({
          customerId: account.customerId,
          source: request.source,
          processorCustomerId: account.paymentMethod?.processorCustomerId ?? null,
          at: now,
        });
        await useCardAtProcessor(deps.gateway, account, paymentMethod.id);
        return {
          account: { ...account, paymentMethod },
          outputs: [],
          result: { outcome: 'payment_method_saved', paymentMethod },
        };
      }),

    subscribe: (account: BillingAccount, request: { key: string; plan: PaidPlan }) =>
      once(account, request.key, { type: 'subscribe', plan: request.plan }, (now) =>
        subscribeNow(account, request, now),
      ),

    changePlan: (account: BillingAccount, request: { key: string; plan: PaidPlan }) =>
      once(account, request.key, { type: 'change_plan', plan: request.plan }, (now) =>
        changeNow(account, request, now),
      ),

    /**
     * The plan route's one request: a subscription from FREE, a change otherwise. One fingerprint for
     * both, so a repeat of a subscription (the account is no longer FREE) gets the first answer.
     */
    choosePlan: (account: BillingAccount, request: { key: string; plan: PaidPlan }) =>
      once(account, request.key, { type: 'choose_plan', plan: request.plan }, (now) =>
        account.status === 'free' ? subscribeNow(account, request, now) : changeNow(account, request, now),
      ),

    cancel: (account: BillingAccount, request: { key: string }) =>
      once(account, request.key, { type: 'cancel' }, async () => {
        const decision = decideCancellation(account);
        if (decision.kind === 'end_now')
          return returnToFree(await endAtProcessor(deps.gateway, account), 'cancelled');
        return applyScheduledChange(
          await scheduleAtProcessor(deps.gateway, account, decision.change),
          decision.change,
        );
      }),

    /** Keeps the current plan: undoes a scheduled downgrade or cancellation. */
    withdrawScheduledChange: (account: BillingAccount, request: { key: string }) =>
      once(account, request.key, { type: 'withdraw_scheduled_change' }, async () => {
        const change = scheduledChangeOf(account);
        return withdrawScheduledChange(await withdrawAtProcessor(deps.gateway, account), change);
      }),

    /** The customer's answer to the authentication challenge of the pending payment. */
    confirmAuthentication: (account: BillingAccount, request: { key: string; outcome: 'approve' | 'fail' }) =>
      once(
        account,
        request.key,
        { type: 'confirm_authentication', outcome: request.outcome },
        async (now) => {
          const pending = account.pendingPayment;
          if (!pending) {
            throw new BillingStateError(
              'BILLING_NO_PENDING_AUTHENTICATION',
              {},
              'Nothing awaits authentication',
            );
          }
          const outcome = await deps.gateway.confirmAuthentication({
            chargeId: pending.chargeId,
            challengeId: pending.challengeId,
            outcome: request.outcome,
          });
          return settle(account, pending, outcome, now);
        },
      ),

    /**
     * A processor's notice (a Stripe webhook) that the charge `chargeId` moved: the pending payment is
     * settled by the charge's state as the gateway reads it now, so a stale or reordered notice cannot
     * undo a newer one. No pending payment with that charge (already settled, or another one): nothing.
     */
    settlePendingPayment: (account: BillingAccount, request: { key: string; chargeId: string }) =>
      once(account, request.key, { type: 'settle_pending', chargeId: request.chargeId }, async (now) => {
        const pending = account.pendingPayment;
        if (!pending || pending.chargeId !== request.chargeId) return unchanged(account);
        const outcome = await deps.gateway.confirmAuthentication({
          chargeId: pending.chargeId,
          challengeId: pending.challengeId,
          outcome: 'approve',
        });
        if (outcome.status === 'requires_action') return unchanged(account);
        return settle(account, pending, outcome, now);
      }),

    /**
     * A processor's notice about the subscription (Stripe's `invoice.*` and `customer.subscription.*`
     * events, stripe-webhook.ts): the account catches up with what the processor holds now, whichever
     * event it was and in whatever order they came: a payment waiting for its challenge is settled, a
     * past-due renewal the processor has since collected makes the account active again, a renewal it
     * billed is applied; otherwise nothing changes.
     */
    reconcileWithProcessor: async (
      account: BillingAccount,
      request: { key: string },
    ): Promise<BillingReply> => {
      const pending = account.pendingPayment;
      if (pending)
        return service.settlePendingPayment(account, { key: request.key, chargeId: pending.chargeId });
      const recovered = await recoveryAtProcessor(deps.gateway, account);
      if (recovered) {
        return once(account, request.key, { type: 'recovered' }, (now) =>
          settle(account, recovered.context, recovered.outcome, now),
        );
      }
      return service.runDueRenewal(account);
    },

    /** Pays the period after a failed renewal, during the grace period (after updating the card). */
    retryPayment: (account: BillingAccount, request: { key: string }) =>
      once(account, request.key, { type: 'retry_payment' }, (now) =>
        pay(account, retryPayment(account, request.key), now),
      ),

    /** The money-back guarantee: every payment of the last 30 days back, the account on FREE. */
    requestRefund: (account: BillingAccount, request: { key: string }) =>
      once(account, request.key, { type: 'refund' }, async (now) => {
        const charges = refundableCharges(account, now);
        const refunds = [];
        for (const charge of charges) {
          const { refundId } = await deps.gateway.refundCharge({
            idempotencyKey: `${account.customerId}:${request.key}:${charge.chargeId}`,
            chargeId: charge.chargeId,
            amountCents: charge.amountCents,
            reason: 'money_back_guarantee',
          });
          refunds.push({ charge, refundId });
        }
        // Refunded means over: the processor's subscription ends too, or it would renew.
        return applyRefunds(await endAtProcessor(deps.gateway, account), refunds, now);
      }),

    /**
     * The renewal job's step for one account: renew a period that ended (or end it, if cancelled), or
     * return a lapsed grace period to FREE. Nothing due: the account comes back unchanged.
     */
    runDueRenewal: async (account: BillingAccount): Promise<BillingReply> => {
      const action = dueAction(account, deps.now());
      if (!action) return unchanged(account);
      if (action.kind === 'renew') {
        // A processor keeping the subscription renewed it itself: its invoice is read, not charged again.
        const renewed = await renewalAtProcessor(deps.gateway, account, action.context);
        if (renewed === 'not_billed') return unchanged(account);
        return once(account, action.context.key, { type: 'renewal' }, (now) =>
          renewed
            ? settle(account, renewed.context, renewed.outcome, now)
            : pay(account, action.context, now),
        );
      }
      const reason = action.kind === 'end_cancelled' ? 'cancelled' : 'grace_expired';
      // Cancelled at the period end, the processor ended it already; a lapsed grace period ends it there.
      const ended = () => (reason === 'grace_expired' ? endAtProcessor(deps.gateway, account) : account);
      return once(account, action.key, { type: reason }, async () => returnToFree(await ended(), reason));
    },
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
