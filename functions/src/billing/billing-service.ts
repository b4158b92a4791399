import { createHash } from 'node:crypto';
import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import { normaliseCardNumber, type CardDetails } from '@app/shared/domain/billing/payment-card';
import type { CardChargeResult, CardPaymentGateway, PaymentMethodSource } from './payment-gateway';
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
  applyDeclinedPayment,
  applyPaymentRequiringAction,
  applyRefunds,
  applyScheduledChange,
  applySuccessfulPayment,
  returnToFree,
  withdrawScheduledChange,
} from './billing-transitions';

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

/** What identifies a card request without keeping anything derived from the full number. */
function savePaymentMethodFingerprint(source: PaymentMethodSource): object {
  if (source.kind === 'token') return { type: 'save_payment_method', token: source.token };
  const card: CardDetails = source.card;
  return {
    type: 'save_payment_method',
    last4: normaliseCardNumber(card.number).slice(-4),
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
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

  function settle(
    account: BillingAccount,
    context: PaymentContext,
    outcome: CardChargeResult,
    now: Date,
  ): BillingStep {
    if (outcome.status === 'succeeded')
      return applySuccessfulPayment(account, context, outcome.chargeId, now);
    if (outcome.status === 'requires_action') {
      return applyPaymentRequiringAction(account, context, outcome, now);
    }
    return applyDeclinedPayment(account, context, outcome.declineCode);
  }

  async function pay(account: BillingAccount, context: PaymentContext, now: Date): Promise<BillingStep> {
    if (!account.paymentMethod) throw new NoPaymentMethodError();
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

  function changeNow(account: BillingAccount, request: { key: string; plan: PaidPlan }, now: Date) {
    const decision = decidePlanChange(account, request.plan, request.key, now);
    if (decision.kind === 'schedule') return applyScheduledChange(account, decision.change);
    return pay(account, decision.context, now);
  }

  return {
    /** Keeps a card for later charges (the card form's first step). */
    savePaymentMethod: (account: BillingAccount, request: { key: string; source: PaymentMethodSource }) =>
      once(account, request.key, savePaymentMethodFingerprint(request.source), async (now) => {
        const paymentMethod = await deps.gateway.createPaymentMethod({
          customerId: account.customerId,
          source: request.source,
          processorCustomerId: account.paymentMethod?.processorCustomerId ?? null,
          at: now,
        });
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
      once(account, request.key, { type: 'cancel' }, () => {
        const decision = decideCancellation(account);
        if (decision.kind === 'end_now') return returnToFree(account, 'cancelled');
        return applyScheduledChange(account, decision.change);
      }),

    /** Keeps the current plan: undoes a scheduled downgrade or cancellation. */
    withdrawScheduledChange: (account: BillingAccount, request: { key: string }) =>
      once(account, request.key, { type: 'withdraw_scheduled_change' }, () =>
        withdrawScheduledChange(account, scheduledChangeOf(account)),
      ),

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
        return applyRefunds(account, refunds, now);
      }),

    /**
     * The renewal job's step for one account: renew a period that ended (or end it, if cancelled), or
     * return a lapsed grace period to FREE. Nothing due: the account comes back unchanged.
     */
    runDueRenewal: async (account: BillingAccount): Promise<BillingReply> => {
      const action = dueAction(account, deps.now());
      if (!action) return unchanged(account);
      if (action.kind === 'renew') {
        return once(account, action.context.key, { type: 'renewal' }, (now) =>
          pay(account, action.context, now),
        );
      }
      const reason = action.kind === 'end_cancelled' ? 'cancelled' : 'grace_expired';
      return once(account, action.key, { type: reason }, () => returnToFree(account, reason));
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
