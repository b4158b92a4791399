import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type { CardChargeResult } from './charge-result';

/**
 * A processor that keeps the subscription itself (Stripe's Subscription, Price and Invoice objects,
 * stripe-subscriptions.ts), as opposed to one that only charges what our renewal job asks for (the
 * sandbox). Our state machine still decides what the app grants (billing-rules.ts); the processor
 * decides and records what is charged: its invoice totals are the amounts our invoices carry, and its
 * invoice preview is the upgrade quote.
 */

/** The processor's subscription as our account keeps it. */
export interface ProcessorSubscription {
  id: string;
  /** The one subscription item (one price) whose price changes with the plan. */
  itemId: string;
  /** A schedule holding a downgrade for the period end, null when none. */
  scheduleId: string | null;
}

/** An invoice's figures as the processor totalled them, in cents. */
export interface ProcessorInvoice {
  id: string;
  /** What the card is charged: the sum of the lines. */
  totalCents: number;
  /** The new plan's line(s), and the proration credit for the unused time (positive; 0 when none). */
  planCents: number;
  creditCents: number;
}

/** The outcome of a payment made through the subscription: the charge, the invoice and the subscription. */
export interface SubscriptionPayment {
  charge: CardChargeResult;
  invoice: ProcessorInvoice;
  /** Null when the subscription was not kept (a first payment declined: the incomplete one is cancelled). */
  subscription: ProcessorSubscription | null;
}

/** What the processor did at a period's end: not billed yet, or the renewal invoice paid or failed. */
export type RenewalState =
  { status: 'not_billed' } | { status: 'billed'; charge: CardChargeResult; invoice: ProcessorInvoice };

export interface ProcessorSubscriptions {
  /** A subscription of `plan` whose first invoice is paid now, with the customer present. */
  start(request: {
    idempotencyKey: string;
    userId: string;
    processorCustomerId: string;
    paymentMethodId: string;
    plan: PaidPlan;
  }): Promise<SubscriptionPayment>;
  /**
   * An upgrade: the price changes now, a new period starts, and the unused time of the old price is
   * credited as of `prorationDate` (Unix seconds), invoiced and paid at once.
   */
  upgrade(request: {
    idempotencyKey: string;
    subscription: ProcessorSubscription;
    plan: PaidPlan;
    prorationDate: number;
  }): Promise<SubscriptionPayment>;
  /** The invoice `upgrade` would make, without changing anything (Stripe's invoice preview). */
  previewUpgrade(request: {
    subscription: ProcessorSubscription;
    plan: PaidPlan;
    prorationDate: number;
  }): Promise<ProcessorInvoice>;
  /** A cancellation or a downgrade taking effect at the period end. */
  scheduleAtPeriodEnd(request: {
    subscription: ProcessorSubscription;
    change: { kind: 'cancel' } | { kind: 'downgrade'; plan: PaidPlan };
  }): Promise<ProcessorSubscription>;
  /** Keeps the current plan: withdraws what `scheduleAtPeriodEnd` set. */
  withdrawScheduled(subscription: ProcessorSubscription): Promise<ProcessorSubscription>;
  /** Ends the subscription now, nothing prorated (a refund, an unpaid period given up). */
  cancelNow(subscription: ProcessorSubscription): Promise<void>;
  /** The renewal invoice of the period starting at `periodStart` (ISO), as the processor holds it now. */
  renewal(subscription: ProcessorSubscription, periodStart: string): Promise<RenewalState>;
  /** Pays the open renewal invoice again with the customer's current card (a retry after a decline). */
  payOpenInvoice(request: {
    idempotencyKey: string;
    subscription: ProcessorSubscription;
    paymentMethodId: string;
    periodStart: string;
  }): Promise<SubscriptionPayment>;
  /** The card later invoices (and the processor's own retries) are charged to. */
  useCard(subscription: ProcessorSubscription, paymentMethodId: string): Promise<void>;
}
