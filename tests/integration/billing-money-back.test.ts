import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract } from '@app/shared/api';
import type { BillingDocumentsResponseSchema, BillingSummary } from '@app/shared/domain/entities/billing';
import { api, signUpInvestor, type SignedInUser } from '../src/api';
import { billingAction, choosePlan, newKey, subscribe, type BillingErrorBody } from '../src/billing';

/**
 * The money-back guarantee is once per customer (docs/product.md "Business rules and limits"), on the
 * local stack: real HTTP, DynamoDB Local, the sandbox gateway. Platinum annual, worked by hand:
 * 12 x round(0.8 x $199) = 12 x $159 = $1,908 = 190,800 cents.
 */

type Documents = z.infer<typeof BillingDocumentsResponseSchema>;
type Refusal = BillingErrorBody & { params: { usedAt?: string } };
const routes = contract.subscription;
const PLATINUM_ANNUAL_CENTS = 190_800;

const billingOf = async (user: SignedInUser) =>
  (await api<BillingSummary>('GET', routes.billing.path, { token: user.token })).body;
const documentsOf = async (user: SignedInUser) =>
  (await api<Documents>('GET', routes.invoices.path, { token: user.token })).body;

function refundIn(user: SignedInUser, language: 'fr' | 'es') {
  return api<Refusal>(routes.requestRefund.method, routes.requestRefund.path, {
    token: user.token,
    headers: { 'idempotency-key': newKey('refund'), 'accept-language': language },
  });
}

/** The date as docs/messages.md shows it: the reader's medium date, in UTC. */
const dateIn = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

describe('the money-back guarantee, once per customer', () => {
  it('Platinum annual bought, refunded, bought again: the second refund is a 409 in French and Spanish naming the day, and nothing changes', async () => {
    const user = await signUpInvestor('Zoe');
    const first = await subscribe(user, 'PRO', 'annual');
    const refund = await billingAction(user, 'requestRefund');
    const second = await choosePlan(user, 'PRO', 'annual');
    const billingBefore = await billingOf(user);
    const documentsBefore = await documentsOf(user);

    const french = await refundIn(user, 'fr');
    const spanish = await refundIn(user, 'es');

    expect(first).toMatchObject({ outcome: 'paid', amount_cents: PLATINUM_ANNUAL_CENTS });
    expect(refund.body).toMatchObject({ outcome: 'refunded', amount_cents: PLATINUM_ANNUAL_CENTS });
    expect(second.body).toMatchObject({ outcome: 'paid', amount_cents: PLATINUM_ANNUAL_CENTS });
    // The billing card offers no second refund.
    expect(billingBefore).toMatchObject({
      tier: 'PRO',
      plan: { tier: 'PRO', cycle: 'annual' },
      refund: null,
    });
    const [creditNote] = documentsBefore.credit_notes;
    expect(documentsBefore.credit_notes).toHaveLength(1);
    const usedAt = String(creditNote?.issued_at);

    for (const refusal of [french, spanish]) {
      expect(refusal.status).toBe(409);
      expect(refusal.body).toMatchObject({
        code: 'CONFLICT',
        message_code: 'BILLING_MONEY_BACK_ALREADY_USED',
        params: { usedAt },
      });
    }
    expect(french.body.error).toContain('une fois par client');
    expect(french.body.error).toContain(dateIn('fr-FR', usedAt));
    expect(spanish.body.error).toContain('una sola vez por cliente');
    expect(spanish.body.error).toContain(dateIn('es-ES', usedAt));
    // Nothing stored changed: the plan, its period, the invoices and the one credit note.
    expect(await billingOf(user)).toEqual(billingBefore);
    expect(await documentsOf(user)).toEqual(documentsBefore);
    expect(documentsBefore.invoices.map((invoice) => invoice.refunded_by === null)).toEqual([true, false]);
  });
});
