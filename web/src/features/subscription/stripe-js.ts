import { createContext, useContext } from 'react';

/**
 * The part of Stripe.js (stripe.com/docs/js) the checkout uses, with the Stripe gateway on
 * (README "Taking real payments with Stripe"). Stripe.js is always loaded from js.stripe.com, never
 * bundled (Stripe's "Including Stripe.js"); the card's number, expiry and code are typed into Stripe's
 * own frames (the Payment Element) and only the PaymentMethod id it makes reaches our API.
 *
 * Flow (Stripe's "Collect payment details before creating an Intent", manual payment method creation):
 * `elements({ mode: 'setup', paymentMethodCreation: 'manual' })`, `create('payment')`, `mount()`; on
 * submit `elements.submit()` then `createPaymentMethod({ elements })`. A charge that answers
 * `requires_action` is confirmed with `handleNextAction({ clientSecret })` (3-D Secure).
 */

export interface StripeJsError {
  type: string;
  code?: string;
  /** Stripe's own text, in the locale the Stripe object was made with. */
  message?: string;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  submit(): Promise<{ error?: StripeJsError }>;
}

export interface StripeJs {
  elements(options: Record<string, unknown>): StripeElements;
  createPaymentMethod(options: {
    elements: StripeElements;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeJsError }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeJsError }>;
}

/** `Stripe(publishableKey, options)`, as the script defines it on `window`. */
export type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

/** Gets Stripe.js; the tests inject one instead of loading js.stripe.com (there is no network). */
export type StripeLoader = () => Promise<StripeFactory>;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe's script once (the CSP allows it only with the Stripe gateway: infra/lib/stripe-js-csp.ts). */
export const loadStripeJs: StripeLoader = () => {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const found = (window as { Stripe?: StripeFactory }).Stripe;
    if (found) {
      resolve(found);
      return;
    }
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js loaded without defining Stripe'));
    });
    script.addEventListener('error', () => reject(new Error(`${STRIPE_JS_URL} did not load`)));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

/** The Stripe gateway's browser side; null on the sandbox (its own card form). */
export interface StripeSetup {
  publishableKey: string;
  load: StripeLoader;
}

export const StripeSetupContext = createContext<StripeSetup | null>(null);

/** The runtime config's publishable key (config.json `stripePublishableKey`) as a setup, or null. */
export function stripeSetupOf(config: { stripePublishableKey?: string | undefined }): StripeSetup | null {
  return config.stripePublishableKey
    ? { publishableKey: config.stripePublishableKey, load: loadStripeJs }
    : null;
}

export function useStripeSetup(): StripeSetup | null {
  return useContext(StripeSetupContext);
}
