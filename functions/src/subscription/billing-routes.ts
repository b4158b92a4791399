import { ulid } from 'ulid';
import type { z } from 'zod';
import type { PaidPlan } from '@app/shared/domain/billing/billing-plans';
import type {
  BillingAnswerSchema,
  BillingDocumentsResponseSchema,
  BillingQuoteSchema,
  BillingSummarySchema,
} from '@app/shared/domain/entities/billing';
import type { BillingInvoice, CreditNote } from '../billing/billing-account';
import type { CardPaymentGateway, PaymentMethodSource } from '../billing/payment-gateway';
import { withProcessorPreview } from '../billing/subscription-lifecycle';
import type { BillingService } from '../billing/billing-service';
import { accountOf, runBillingRequest, type BillingStoreDeps } from '../billing/billing-store';
import { billingAnswer, billingDocuments, billingQuote, billingSummary } from '../billing/billing-views';
import type { BillingDocumentsRepository } from '../data/billing-documents-repository';

/**
 * The billing routes (/api/subscription/billing/* and /invoices) as plain functions: each write is one
 * request of the billing service run through the store (one account, one transaction, one answer per
 * Idempotency-Key). The site sends a key per submitted form; without one, the request gets its own.
 */

export interface BillingRoutesDeps extends BillingStoreDeps {
  documents: BillingDocumentsRepository;
  /** The payment gateway, for Stripe's invoice preview of an upgrade (absent: our quote). */
  gateway?: CardPaymentGateway;
}

type Answer = z.input<typeof BillingAnswerSchema>;

const keyOr = (key: string | null) => key ?? `server-${ulid()}`;

async function answer(
  userId: string,
  key: string | null,
  run: (
    service: BillingService,
    account: Parameters<BillingService['cancel']>[0],
    key: string,
  ) => ReturnType<BillingService['cancel']>,
  deps: BillingRoutesDeps,
): Promise<Answer> {
  const requestKey = keyOr(key);
  const reply = await runBillingRequest(
    userId,
    requestKey,
    (service, account) => run(service, account, requestKey),
    deps,
  );
  return billingAnswer(reply, deps.now());
}

export async function getBilling(
  userId: string,
  deps: BillingRoutesDeps,
): Promise<z.input<typeof BillingSummarySchema>> {
  return billingSummary(accountOf(userId, await deps.repository.load(userId)), deps.now());
}

export async function quotePlan(
  userId: string,
  plan: PaidPlan,
  deps: BillingRoutesDeps,
): Promise<z.input<typeof BillingQuoteSchema>> {
  const account = accountOf(userId, await deps.repository.load(userId));
  const now = deps.now();
  const quote = billingQuote(account, plan, now);
  // With Stripe keeping the subscription, an upgrade's figures are Stripe's invoice preview.
  return deps.gateway ? withProcessorPreview(deps.gateway, account, plan, quote, now) : quote;
}

export const savePaymentMethod = (
  userId: string,
  key: string | null,
  source: PaymentMethodSource,
  deps: BillingRoutesDeps,
) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.savePaymentMethod(account, { key: requestKey, source }),
    deps,
  );

/** From Free a subscription; on a paid plan a change (an upgrade now, a lower plan at the period end). */
export const choosePlan = (userId: string, key: string | null, plan: PaidPlan, deps: BillingRoutesDeps) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.choosePlan(account, { key: requestKey, plan }),
    deps,
  );

export const cancelPlan = (userId: string, key: string | null, deps: BillingRoutesDeps) =>
  answer(userId, key, (service, account, requestKey) => service.cancel(account, { key: requestKey }), deps);

export const keepPlan = (userId: string, key: string | null, deps: BillingRoutesDeps) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.withdrawScheduledChange(account, { key: requestKey }),
    deps,
  );

export const confirmPayment = (
  userId: string,
  key: string | null,
  outcome: 'approve' | 'fail',
  deps: BillingRoutesDeps,
) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.confirmAuthentication(account, { key: requestKey, outcome }),
    deps,
  );

export const retryPayment = (userId: string, key: string | null, deps: BillingRoutesDeps) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.retryPayment(account, { key: requestKey }),
    deps,
  );

export const requestRefund = (userId: string, key: string | null, deps: BillingRoutesDeps) =>
  answer(
    userId,
    key,
    (service, account, requestKey) => service.requestRefund(account, { key: requestKey }),
    deps,
  );

export async function listBillingDocuments(
  userId: string,
  deps: BillingRoutesDeps,
): Promise<z.input<typeof BillingDocumentsResponseSchema>> {
  const [stored, invoices, creditNotes] = await Promise.all([
    deps.repository.load(userId),
    deps.documents.listInvoices(userId),
    deps.documents.listCreditNotes(userId),
  ]);
  return billingDocuments(
    accountOf(userId, stored),
    invoices as unknown as (BillingInvoice & { refundedBy?: string })[],
    creditNotes as unknown as CreditNote[],
  );
}
