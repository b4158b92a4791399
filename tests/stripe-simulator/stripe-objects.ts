import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';

/**
 * The objects the Stripe-format server answers with, each built on Stripe's published example of that
 * resource: `stripe-fixtures.json` is an excerpt (customer, payment_method, payment_intent, refund,
 * billing_portal.session, event) of `openapi/fixtures3.json` in Stripe's `stripe/openapi` repository,
 * the fixtures stripe-mock serves, at the commit named in the file's `source` (Stripe Billing's
 * product, price, subscription, subscription_item, subscription_schedule, invoice, line_item and
 * invoice_payment too, for stripe-billing-objects.ts). Our fields are laid over
 * the fixture, so every field Stripe sends is there with Stripe's type; `fixtureMismatches` checks it.
 *
 * Stripe's full OpenAPI schema (`openapi/spec3.json`) was not available offline; the builders are
 * typed with the `stripe` package's TypeScript types (generated from that schema), so a field we set
 * with the wrong type does not compile.
 */

/** Each fixture under the type stripe-node gives its object (the JSON is Stripe's own example of it). */
interface Fixtures {
  customer: Stripe.Customer;
  payment_method: Stripe.PaymentMethod;
  payment_intent: Stripe.PaymentIntent;
  refund: Stripe.Refund;
  'billing_portal.session': Stripe.BillingPortal.Session;
  event: Stripe.Event;
  product: Stripe.Product;
  price: Stripe.Price;
  subscription: Stripe.Subscription;
  subscription_item: Stripe.SubscriptionItem;
  subscription_schedule: Stripe.SubscriptionSchedule;
  invoice: Stripe.Invoice;
  invoice_payment: Stripe.InvoicePayment;
  line_item: Stripe.InvoiceLineItem;
}

type FixtureName = keyof Fixtures;

const FIXTURES: { source: string; resources: Fixtures } = JSON.parse(
  readFileSync(new URL('./stripe-fixtures.json', import.meta.url), 'utf8'),
);

export const FIXTURE_SOURCE = FIXTURES.source;

export function fixtureOf<Name extends FixtureName>(name: Name): Fixtures[Name] {
  return structuredClone(FIXTURES.resources[name]);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isFixtureName = (name: unknown): name is FixtureName =>
  typeof name === 'string' && Object.hasOwn(FIXTURES.resources, name);

/**
 * `object` with fields Stripe sends (they are in its fixture) that stripe-node's types do not declare:
 * typed as `object`, checked against the fixture at run time (`fixtureMismatches`).
 */
export const withUntypedFields = <T extends object>(object: T, fields: Record<string, unknown>): T =>
  Object.assign(object, fields);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * How `object` differs from Stripe's fixture of its type: a field missing or added, or a value whose
 * kind (string, number, boolean, object, array) differs where both are non-null (Stripe's nullable
 * fields may be null either side).
 */
export function fixtureMismatches(object: Record<string, unknown>): string[] {
  const name = object.object;
  if (!isFixtureName(name)) return [`no fixture for object type ${String(name)}`];
  const fixture = new Map(Object.entries(FIXTURES.resources[name]));
  const problems: string[] = [];
  for (const key of fixture.keys()) if (!(key in object)) problems.push(`${name}.${key} missing`);
  for (const [key, value] of Object.entries(object)) {
    if (!fixture.has(key)) problems.push(`${name}.${key} is not a field of ${name}`);
    const expected = kindOf(fixture.get(key));
    const actual = kindOf(value);
    if (expected !== 'null' && actual !== 'null' && expected !== actual)
      problems.push(`${name}.${key} is ${actual}, Stripe's is ${expected}`);
  }
  return problems;
}

/**
 * Stripe's test PaymentMethods (stripe.com/docs/testing "Test cards", PaymentMethods column) and how a
 * charge on each behaves: 4242 succeeds; 0002 is declined (`card_declined`, `generic_decline`); 3184
 * asks for 3-D Secure on every charge (off session: `authentication_required`); 0341 attaches, then
 * every charge fails (the card of a failing renewal).
 */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: { last4: '4242', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { last4: '0002', behaviour: 'declines' },
  pm_card_authenticationRequired: { last4: '3184', behaviour: 'requires_authentication' },
  pm_card_chargeCustomerFail: { last4: '0341', behaviour: 'declines' },
} as const;

export type CardBehaviour = (typeof TEST_PAYMENT_METHODS)[keyof typeof TEST_PAYMENT_METHODS]['behaviour'];

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function customerObject(id: string, metadata: Record<string, string>, at: Date): Stripe.Customer {
  return {
    ...fixtureOf('customer'),
    id,
    created: seconds(at),
    metadata,
    discount: null,
    email: null,
    livemode: false,
  };
}

export function paymentMethodObject(
  id: string,
  last4: string,
  customer: string | null,
  at: Date,
): Stripe.PaymentMethod {
  const fixture = fixtureOf('payment_method');
  if (!fixture.card) throw new Error("Stripe's payment method fixture has no card");
  return {
    ...fixture,
    id,
    created: seconds(at),
    customer,
    metadata: {},
    card: { ...fixture.card, brand: 'visa', display_brand: 'visa', last4, exp_month: 12, exp_year: 2034 },
  };
}

export interface IntentFields {
  id: string;
  amount: number;
  customer: string | null;
  paymentMethod: string;
  description: string | null;
  metadata: Record<string, string>;
  status: Stripe.PaymentIntent.Status;
  lastPaymentError: { code: string; decline_code?: string; message: string } | null;
  latestCharge: string | null;
  at: Date;
}

export function paymentIntentObject(fields: IntentFields): Stripe.PaymentIntent {
  const succeeded = fields.status === 'succeeded';
  return {
    ...fixtureOf('payment_intent'),
    id: fields.id,
    amount: fields.amount,
    amount_received: succeeded ? fields.amount : 0,
    amount_capturable: 0,
    canceled_at: fields.status === 'canceled' ? seconds(fields.at) : null,
    cancellation_reason: fields.status === 'canceled' ? 'requested_by_customer' : null,
    client_secret: `${fields.id}_secret_${fields.id.slice(3, 15)}`,
    created: seconds(fields.at),
    currency: 'usd',
    customer: fields.customer,
    description: fields.description,
    last_payment_error: fields.lastPaymentError ? { type: 'card_error', ...fields.lastPaymentError } : null,
    latest_charge: fields.latestCharge,
    metadata: fields.metadata,
    // What Stripe.js runs to show the bank's challenge (stripe.com/docs/payments/3d-secure).
    next_action: fields.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    payment_method: fields.paymentMethod,
    processing: null,
    shipping: null,
    status: fields.status,
    transfer_data: null,
  };
}

export function refundObject(fields: {
  id: string;
  amount: number;
  paymentIntent: string;
  charge: string;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
  at: Date;
}): Stripe.Refund {
  return {
    ...fixtureOf('refund'),
    id: fields.id,
    amount: fields.amount,
    charge: fields.charge,
    created: seconds(fields.at),
    payment_intent: fields.paymentIntent,
    reason: fields.reason,
    metadata: fields.metadata,
    status: 'succeeded',
  };
}

export function portalSessionObject(
  id: string,
  customer: string,
  returnUrl: string,
  url: string,
  at: Date,
): Stripe.BillingPortal.Session {
  return {
    ...fixtureOf('billing_portal.session'),
    id,
    customer,
    created: seconds(at),
    flow: null,
    livemode: false,
    return_url: returnUrl,
    url,
  };
}

export function eventObject(id: string, type: string, object: object, at: Date): Stripe.Event {
  // stripe-node types an event's `type` and `data.object` together, per event: ours are any pair.
  return withUntypedFields(
    {
      ...fixtureOf('event'),
      id,
      created: seconds(at),
      api_version: '2025-01-27.acacia',
      request: { id: null, idempotency_key: null },
    },
    { type, data: { object } },
  );
}

/**
 * Every answer and event the server gave, checked against Stripe's fixtures (`fixtureMismatches`):
 * each object, the items of a list, a subscription's items, an invoice's lines, the intent inside a
 * card error. Empty when every shape matches.
 */
export function shapeProblems(
  requests: readonly { method: string; path: string; status: number; body: object }[],
  events: readonly Stripe.Event[],
): string[] {
  const problems: string[] = [];
  const check = (where: string, value: unknown): void => {
    if (!isRecord(value)) return;
    if (value.object === 'list' && Array.isArray(value.data)) {
      for (const item of value.data) check(where, item);
      return;
    }
    problems.push(...fixtureMismatches(value).map((problem) => `${where}: ${problem}`));
    if (value.object === 'subscription') check(where, value.items);
    if (value.object === 'invoice') check(where, value.lines);
  };
  for (const request of requests) {
    const where = `${request.method} ${request.path}`;
    const body: Record<string, unknown> = { ...request.body };
    if (request.status < 400) check(where, body);
    else {
      const error = isRecord(body.error) ? body.error : {};
      if (!String(error.type).endsWith('_error')) problems.push(`${where}: error type ${String(error.type)}`);
      if (error.payment_intent) check(where, error.payment_intent);
    }
  }
  for (const event of events) {
    check(event.type, event);
    check(event.type, event.data.object);
  }
  return problems;
}
