import type { Config } from '../config';
import { SandboxPaymentGateway, type CardPaymentGateway } from './payment-gateway';
import { StripePaymentGateway, createStripeClient } from './stripe-gateway';

/**
 * The gateway `PAYMENT_GATEWAY` names (config.ts): the sandbox locally and in tests, Stripe in a
 * deployment switched to it (README "Taking real payments with Stripe").
 */
export function createPaymentGateway(
  config: Pick<Config, 'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
): CardPaymentGateway {
  if (config.PAYMENT_GATEWAY === 'sandbox') return new SandboxPaymentGateway();
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  return new StripePaymentGateway(
    createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }),
  );
}
