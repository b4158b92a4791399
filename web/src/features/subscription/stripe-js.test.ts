import { describe, expect, it, vi } from 'vitest';
import { loadStripeJs, stripeSetupOf, STRIPE_JS_URL, type StripeFactory } from './stripe-js';

describe('Stripe.js loading', () => {
  it("adds js.stripe.com's script once, resolves with window.Stripe when it has loaded", async () => {
    // Kept out of the document: the test environment loads no script (and there is no network).
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => {});
    const first = loadStripeJs();
    const second = loadStripeJs();
    const scripts = append.mock.calls.flat() as HTMLScriptElement[];
    append.mockRestore();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(STRIPE_JS_URL);
    expect(STRIPE_JS_URL).toBe('https://js.stripe.com/v3/');
    // The script's load, without the network: Stripe.js defines window.Stripe.
    const factory = (() => ({})) as unknown as StripeFactory;
    (window as { Stripe?: StripeFactory }).Stripe = factory;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(factory);
    await expect(second).resolves.toBe(factory);
  });

  it('is the sandbox (no setup) unless config.json names a publishable key', () => {
    expect(stripeSetupOf({})).toBeNull();
    expect(stripeSetupOf({ stripePublishableKey: 'pk_live_51Xyz' })?.publishableKey).toBe('pk_live_51Xyz');
  });
});
