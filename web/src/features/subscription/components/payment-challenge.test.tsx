import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BillingSummary } from '@app/shared/domain/entities/billing';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { StripeSetupContext, type StripeFactory } from '../stripe-js';
import { BillingCard } from './billing-card';

/** Past due, the retry charged on-session, and the bank asked to confirm the $79.00 payment. */
const WAITING: BillingSummary = {
  status: 'past_due',
  tier: 'PREMIUM',
  plan: { tier: 'PREMIUM', cycle: 'monthly' },
  period_start: '2030-02-01T10:00:00.000Z',
  period_end: '2030-03-01T10:00:00.000Z',
  next_billing: null,
  scheduled_change: null,
  grace_ends_at: '2030-03-08T10:00:00.000Z',
  payment_method: { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2031 },
  pending_payment: {
    challenge_id: 'pi_3Qb_secret_Yw1',
    amount_cents: 7_900,
    plan: { tier: 'PREMIUM', cycle: 'monthly' },
  },
  refund: null,
  portal_available: true,
};

const PAID = {
  outcome: 'paid',
  replayed: false,
  message_code: null,
  message_params: {},
  invoice_number: 'INV-1',
  amount_cents: 7_900,
  period_end: '2030-04-01T10:00:00.000Z',
  challenge_id: null,
  credit_notes: [],
  grace_ends_at: null,
  change: null,
  billing: { ...WAITING, status: 'active', pending_payment: null, grace_ends_at: null },
};

function answeredApi() {
  return installFakeApi((request) =>
    request.path === '/api/subscription/billing/authentication' ? { body: PAID } : undefined,
  );
}

async function renderCard(wrap: (card: ReactNode) => ReactNode = (card) => card) {
  await renderWithProviders(
    withQueryClient(<>{wrap(<BillingCard billing={WAITING} documents={undefined} />)}</>),
  );
}

describe("the billing card's waiting payment", () => {
  it("with Stripe, is confirmed in Stripe.js's challenge, then our API reads the outcome", async () => {
    const nextActions: string[] = [];
    const factory = (() => ({
      handleNextAction: async ({ clientSecret }: { clientSecret: string }) => {
        nextActions.push(clientSecret);
        return {};
      },
    })) as unknown as StripeFactory;
    const requests = answeredApi();
    await renderCard((card) => (
      <StripeSetupContext.Provider value={{ publishableKey: 'pk_test_51Abc', load: async () => factory }}>
        {card}
      </StripeSetupContext.Provider>
    ));
    expect(screen.getByTestId('billing-challenge').textContent).toContain('$79.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm with my bank' }));
    await vi.waitFor(() => expect(nextActions).toEqual(['pi_3Qb_secret_Yw1']));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ outcome: 'approve' }),
    );
  });

  it("on the sandbox, shows the stand-in bank's buttons; refusing tells our API so", async () => {
    const requests = answeredApi();
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ outcome: 'fail' }),
    );
  });
});
