import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '@app/shared/api/contract';
import type { BillingSummary } from '@app/shared/domain/entities/billing';
import { useRouteQuery } from '@/kit/api/route-query';
import { installFakeApi, withQueryClient } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import {
  StripeSetupContext,
  type StripeElements,
  type StripeFactory,
  type StripeJsError,
  type StripeSetup,
} from '../stripe-js';
import { BillingCard } from './billing-card';
import { CheckoutDialog } from './checkout-dialog';

/** Stripe.js as the checkout sees it, recording what it was asked; js.stripe.com is never loaded. */
function fakeStripeJs(behaviour: { createError?: StripeJsError; nextActionError?: StripeJsError } = {}) {
  const seen = {
    factory: [] as { key: string; locale: string | undefined }[],
    elementsOptions: [] as Record<string, unknown>[],
    mountedIn: null as HTMLElement | null,
    nextActions: [] as string[],
  };
  const factory: StripeFactory = (key, options) => {
    seen.factory.push({ key, locale: options?.locale });
    return {
      elements: (elementsOptions) => {
        seen.elementsOptions.push(elementsOptions);
        let ready = () => {};
        const elements: StripeElements = {
          create: () => ({
            on: (_event, handler) => {
              ready = handler;
            },
            mount: (target) => {
              seen.mountedIn = target;
              ready();
            },
            destroy: () => {},
          }),
          submit: async () => ({}),
        };
        return elements;
      },
      createPaymentMethod: async () =>
        behaviour.createError ? { error: behaviour.createError } : { paymentMethod: { id: 'pm_1QxYz' } },
      handleNextAction: async ({ clientSecret }) => {
        seen.nextActions.push(clientSecret);
        return behaviour.nextActionError ? { error: behaviour.nextActionError } : {};
      },
    };
  };
  return { factory, seen };
}

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
  portal_available: true,
};

const VISA = { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2031 };

function answer(outcome: string, billing: Partial<BillingSummary>, extra: object = {}) {
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
  plan: { tier: 'PREMIUM' as const, cycle: 'monthly' as const },
  price_cents: 7_900,
  credit_cents: 0,
  amount_due_cents: 7_900,
  charged_at: '2030-03-01T10:00:00.000Z',
  next_billing_date: '2030-04-01T10:00:00.000Z',
  credit: null,
};

function CheckoutOnPage({ setup, onClose }: { setup: StripeSetup; onClose: () => void }) {
  const billing = useRouteQuery(contract.subscription.billing);
  return (
    <StripeSetupContext.Provider value={setup}>
      {billing.data ? (
        <CheckoutDialog
          plan={{ tier: 'PREMIUM', cycle: 'monthly' }}
          billing={billing.data}
          onClose={onClose}
        />
      ) : null}
    </StripeSetupContext.Provider>
  );
}

/** Our API as the Stripe gateway answers: a saved PaymentMethod, then a charge the bank challenges. */
function stripeApi() {
  let saved = false;
  let challenged = false;
  return installFakeApi((request) => {
    if (request.method === 'GET' && request.path === '/api/subscription/billing') {
      return { body: { ...FREE, payment_method: saved ? VISA : null } };
    }
    if (request.method === 'PUT') {
      saved = true;
      return { body: answer('payment_method_saved', { payment_method: VISA }) };
    }
    if (request.path.startsWith('/api/subscription/billing/quote')) return { body: QUOTE };
    if (request.path === '/api/subscription/billing/plan') {
      challenged = true;
      const pending = { challenge_id: 'pi_3Qa_secret_Zx9', amount_cents: 7_900, plan: QUOTE.plan };
      return {
        body: answer(
          'requires_authentication',
          { payment_method: VISA, pending_payment: pending },
          { challenge_id: 'pi_3Qa_secret_Zx9' },
        ),
      };
    }
    if (request.path === '/api/subscription/billing/authentication' && challenged) {
      return { body: answer('paid', { payment_method: VISA }, { amount_cents: 7_900 }) };
    }
    return undefined;
  });
}

describe('the checkout with the Stripe gateway', () => {
  it("takes the card in Stripe's element, sends our API only the PaymentMethod id, and confirms 3-D Secure through Stripe.js", async () => {
    const stripe = fakeStripeJs();
    const load = vi.fn(async () => stripe.factory);
    const requests = stripeApi();
    const onClose = vi.fn();
    await renderWithProviders(
      withQueryClient(<CheckoutOnPage setup={{ publishableKey: 'pk_test_51Abc', load }} onClose={onClose} />),
      { language: 'fr' },
    );

    // Stripe's Payment Element in the visitor's language, mounted in the form; none of our card fields.
    const mountPoint = await screen.findByTestId('stripe-payment-element');
    await vi.waitFor(() => expect(stripe.seen.mountedIn).toBe(mountPoint));
    expect(stripe.seen.factory).toEqual([{ key: 'pk_test_51Abc', locale: 'fr' }]);
    expect(stripe.seen.elementsOptions[0]).toMatchObject({ mode: 'setup', paymentMethodCreation: 'manual' });
    expect(screen.queryByTestId('test-cards')).toBeNull();
    expect(document.querySelector('input[autocomplete="cc-number"]')).toBeNull();
    expect(screen.getByTestId('stripe-card-form').textContent).toContain("n'atteint jamais nos serveurs");

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la carte' }));
    // The confirmation step: the price and the next charge's date before anything is charged.
    expect((await screen.findByTestId('checkout-amount')).textContent).toMatch(/^79,00\s\$/);
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ payment_method: 'pm_1QxYz' });

    fireEvent.click(screen.getByRole('button', { name: /^Payer/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer auprès de ma banque' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stripe.seen.nextActions).toEqual(['pi_3Qa_secret_Zx9']);
    const confirmation = requests.find(
      (request) => request.path === '/api/subscription/billing/authentication',
    );
    expect(confirmation?.body).toEqual({ outcome: 'approve' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shows Stripe's own refusal and sends our API nothing", async () => {
    const stripe = fakeStripeJs({
      createError: {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration date is invalid.",
      },
    });
    const requests = stripeApi();
    await renderWithProviders(
      withQueryClient(
        <CheckoutOnPage
          setup={{ publishableKey: 'pk_test_51Abc', load: async () => stripe.factory }}
          onClose={() => {}}
        />,
      ),
    );
    const save = await screen.findByRole('button', { name: 'Save card' });
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe("Your card's expiration date is invalid.");
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('says when Stripe.js cannot load, keeps Save off, and tries again on request', async () => {
    const stripe = fakeStripeJs();
    const load = vi
      .fn<() => Promise<StripeFactory>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(stripe.factory);
    stripeApi();
    await renderWithProviders(
      withQueryClient(
        <CheckoutOnPage setup={{ publishableKey: 'pk_test_51Abc', load }} onClose={() => {}} />,
      ),
      { language: 'es' },
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se pudo cargar el formulario seguro de la tarjeta.',
    );
    expect(screen.getByRole('button', { name: 'Guardar la tarjeta' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Guardar la tarjeta' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it("Update Payment on the billing card also takes the new card in Stripe's element", async () => {
    const stripe = fakeStripeJs();
    const requests = stripeApi();
    const active = { ...FREE, status: 'active' as const, tier: 'PREMIUM' as const, payment_method: VISA };
    await renderWithProviders(
      withQueryClient(
        <StripeSetupContext.Provider
          value={{ publishableKey: 'pk_test_51Abc', load: async () => stripe.factory }}
        >
          <BillingCard billing={active} documents={undefined} />
        </StripeSetupContext.Provider>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Payment' }));
    await vi.waitFor(() => expect(stripe.seen.mountedIn).toBe(screen.getByTestId('stripe-payment-element')));
    expect(screen.queryByTestId('card-form')).toBeNull();
    const save = screen.getByRole('button', { name: 'Save card' });
    await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await vi.waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        payment_method: 'pm_1QxYz',
      }),
    );
  });
});
