import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import type { BillingSummary } from '@app/shared/domain/entities/billing';
import { useRouteQuery } from '@/kit/api/route-query';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { CheckoutDialog } from './checkout-dialog';

const FREE: BillingSummary = {
  status: 'free',
  tier: 'FREE',
  plan: null,
  period_start: null,
  period_end: null,
  next_billing: null,
  scheduled_change: null,
  grace_ends_at: null,
  payment_method: null,
  pending_payment: null,
  refund: null,
  portal_available: false,
};

const card = (last4: string) => ({ brand: 'visa', last4, exp_month: 12, exp_year: 2030 });

function answer(outcome: string, extra: object = {}, billing: Partial<BillingSummary> = {}) {
  return {
    outcome,
    replayed: false,
    message_code: null,
    message_params: {},
    invoice_number: null,
    amount_cents: null,
    period_end: null,
    challenge_id: null,
    credit_notes: [],
    grace_ends_at: null,
    change: null,
    ...extra,
    billing: { ...FREE, ...billing },
  };
}

const QUOTE = {
  kind: 'subscribe',
  plan: { tier: 'PREMIUM', cycle: 'annual' },
  price_cents: 75_600,
  credit_cents: 0,
  amount_due_cents: 75_600,
  charged_at: '2030-03-01T10:00:00.000Z',
  next_billing_date: '2031-03-01T10:00:00.000Z',
  credit: null,
};

/** The checkout as the subscription screen mounts it: over the billing summary it reads. */
function CheckoutOnPage({ onClose }: { onClose: () => void }) {
  const billing = useRouteQuery(contract.subscription.billing);
  return billing.data ? (
    <CheckoutDialog plan={{ tier: 'PREMIUM', cycle: 'annual' }} billing={billing.data} onClose={onClose} />
  ) : null;
}

describe('CheckoutDialog', () => {
  it('a declined card charges nothing and asks for another; a good one, confirmed at $756, pays', async () => {
    let last4: string | null = null;
    const requests = installFakeApi((request) => {
      if (request.method === 'GET' && request.path === '/api/subscription/billing') {
        return { body: { ...FREE, payment_method: last4 ? card(last4) : null } };
      }
      if (request.method === 'PUT') {
        last4 = (request.body as { card: { number: string } }).card.number.slice(-4);
        return { body: answer('payment_method_saved', {}, { payment_method: card(last4) }) };
      }
      if (request.path.startsWith('/api/subscription/billing/quote')) return { body: QUOTE };
      if (request.method === 'POST' && last4 === '0002') {
        return {
          body: answer('payment_declined', {
            message_code: 'BILLING_CARD_DECLINED',
            message_params: { declineCode: 'card_declined' },
          }),
        };
      }
      if (request.method === 'POST') {
        return { body: answer('paid', { amount_cents: 75_600, period_end: QUOTE.next_billing_date }) };
      }
      return undefined;
    });
    const onClose = vi.fn();
    await renderWithProviders(withQueryClient(<CheckoutOnPage onClose={onClose} />));

    // The card step first: the test numbers are offered; the declining one is chosen.
    expect((await screen.findByTestId('test-cards')).textContent).toContain('4000000000000002');
    fireEvent.click(screen.getAllByRole('button', { name: 'Use this card' })[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));

    // The confirmation step: price and billing date shown, nothing charged before Pay.
    expect((await screen.findByTestId('checkout-amount')).textContent).toBe('$756.00');
    expect(screen.getByTestId('checkout-next-billing').textContent).toBe('Mar 1, 2031');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $756.00' }));

    expect((await screen.findByTestId('checkout-problem')).textContent).toContain(
      'Your card was declined (card_declined). No money was taken.',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Use this card' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $756.00' }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { tier: 'PREMIUM', cycle: 'annual' },
      { tier: 'PREMIUM', cycle: 'annual' },
    ]);
    // One Idempotency-Key per submitted form: the retry after the decline is a new request.
    expect(posts[0]?.headers['Idempotency-Key']).not.toBe(posts[1]?.headers['Idempotency-Key']);
  });
});
