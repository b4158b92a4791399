import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import {
  TEST_PAYMENT_METHODS,
  customerObject,
  eventObject,
  paymentIntentObject,
  paymentMethodObject,
  portalSessionObject,
  refundObject,
  type CardBehaviour,
  type IntentFields,
} from './stripe-objects';
import { formRecord, formStrings } from './stripe-billing-host';
import { StripeBillingDesk, type BillingHost } from './stripe-billing-server';
import { checkAnswer, type SchemaCheck } from './stripe-schema-check';

/*
 * A server on 127.0.0.1 answering the Stripe API calls our gateway makes (functions/src/billing/
 * stripe-gateway.ts), in Stripe's request format (form-encoded, `Authorization: Bearer sk_test_...`,
 * `Idempotency-Key`) and response format (objects from stripe-objects.ts; errors as
 * `{ error: { type, code, decline_code, message, param, payment_intent } }`, stripe.com/docs/api/errors):
 *
 *   POST /v1/customers                      POST /v1/payment_methods/{pm}/attach
 *   POST /v1/payment_intents                GET  /v1/payment_intents/{id}
 *   POST /v1/payment_intents/{id}/cancel    POST /v1/refunds
 *   POST /v1/billing_portal/sessions
 *
 * and Stripe Billing's products, prices, subscriptions, invoices and schedules (stripe-billing-server.ts;
 * `advance` plays a test clock: renewals and retries fall due).
 *
 * A repeated Idempotency-Key gets the first answer again; the same key with other parameters is a 400
 * `idempotency_error`, as Stripe answers (stripe.com/docs/api/idempotent_requests). Each change records
 * the event Stripe would send; `signedDelivery` signs one with the library's test helper.
 */

interface StoredIntent extends IntentFields {
  behaviour: CardBehaviour;
  refunded: number;
}

type Reply = { status: number; body: object };

/** The reasons a refund may give (stripe.com/docs/api/refunds/create). */
const REFUND_REASONS: readonly Stripe.Refund.Reason[] = [
  'duplicate',
  'expired_uncaptured_charge',
  'fraudulent',
  'requested_by_customer',
];

/** Stripe's bracket form encoding (`metadata[user_id]=u`, `list[0]=a`) back to nested values. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let node = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        const child = formRecord(node[part]);
        node[part] = child;
        node = child;
      }
    });
  }
  return result;
}

function stripeError(status: number, error: Record<string, unknown>): Reply {
  return { status, body: { error: { doc_url: 'https://stripe.com/docs/error-codes', ...error } } };
}

export class StripeSimulator {
  readonly requests: { method: string; path: string; status: number; body: object }[] = [];
  readonly events: Stripe.Event[] = [];
  /** Every answer and event checked against Stripe's OpenAPI schema (stripe-schema-check.ts). */
  readonly schemaChecks: SchemaCheck = { validated: 0, problems: [] };
  private readonly customers = new Map<string, Stripe.Customer>();
  private readonly methods = new Map<string, { last4: string; behaviour: CardBehaviour; customer: string }>();
  private readonly intents = new Map<string, StoredIntent>();
  private readonly idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  private readonly signer = new Stripe('sk_test_signer').webhooks;
  private sequence = 0;
  /** Stripe Billing's objects: products, prices, subscriptions, invoices, schedules. */
  readonly billing = new StripeBillingDesk(this.billingHost());
  private server = createServer((request, response) => void this.handle(request, response));
  url = '';

  constructor(private readonly now: () => Date = () => new Date()) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
    this.url = `http://127.0.0.1:${address.port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The customer finishing (or failing) 3-D Secure in Stripe.js, which never passes through our API. */
  answerChallenge(intentId: string, outcome: 'approve' | 'fail'): void {
    const intent = this.intents.get(intentId);
    if (intent?.status !== 'requires_action') throw new Error(`${intentId} awaits no challenge`);
    if (outcome === 'approve') this.succeed(intent);
    else {
      intent.status = 'requires_payment_method';
      intent.lastPaymentError = {
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      this.emit('payment_intent.payment_failed', intent);
    }
  }

  /** Stripe.js trying the challenge again on the same intent after a failed attempt. */
  retryChallenge(intentId: string): void {
    const intent = this.intents.get(intentId);
    if (intent?.status !== 'requires_payment_method') throw new Error(`${intentId} cannot be retried`);
    intent.status = 'requires_action';
    this.emit('payment_intent.requires_action', intent);
  }

  /**
   * An event as Stripe posts it: the JSON body and its `Stripe-Signature` header under `secret`, signed
   * at `at` (the wall clock by default: the receiver checks the timestamp against its own clock).
   */
  signedDelivery(event: Stripe.Event, secret: string, at = new Date()): { payload: string; header: string } {
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(at.getTime() / 1000);
    return { payload, header: this.signer.generateTestHeaderString({ payload, secret, timestamp }) };
  }

  /** Stripe's ids are unique across accounts and time: each server's own prefix keeps two servers' ids apart. */
  private readonly instance = randomBytes(3).toString('hex');

  private nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_sim${this.instance}${String(this.sequence).padStart(6, '0')}${createHash('sha256').update(String(this.sequence)).digest('hex').slice(0, 6)}`;
  }

  private emit(type: string, intent: StoredIntent): void {
    this.emitObject(type, this.intentObject(intent));
  }

  private emitObject(type: string, object: object): void {
    const event = eventObject(this.nextId('evt'), type, object, this.now());
    this.schemaChecked(200, event, `event ${type}`);
    this.events.push(event);
  }

  /** An answer that breaks Stripe's schema fails loudly: a 500 naming the fields, and a recorded problem. */
  private schemaChecked(status: number, body: object, where: string): Reply {
    const { validated, problems } = checkAnswer(status, body, where);
    this.schemaChecks.validated += validated;
    this.schemaChecks.problems.push(...problems);
    if (problems.length === 0) return { status, body };
    return stripeError(500, { type: 'api_error', message: `Stripe schema broken: ${problems.join(' / ')}` });
  }

  /** The test clock moved (the harness's clock): renewals, period ends and retries fall due. */
  advance(): void {
    this.billing.advance(Math.floor(this.now().getTime() / 1000));
  }

  private billingHost(): BillingHost {
    return {
      nextId: (prefix) => this.nextId(prefix),
      hasCustomer: (id) => this.customers.has(id),
      charge: (request) => {
        const { intent, reply } = this.confirmIntent({
          paymentMethod: request.paymentMethod,
          amount: request.amount,
          description: request.description,
          metadata: {},
          offSession: request.offSession,
          at: this.now(),
        });
        return { intentId: intent.id, status: intent.status, error: reply.status >= 400 ? reply : null };
      },
      emit: (type, object) => this.emitObject(type, object),
      missing: (kind, id) => this.missing(kind, id),
      error: (status, error) => stripeError(status, error),
    };
  }

  private intentObject(intent: StoredIntent): Stripe.PaymentIntent {
    return paymentIntentObject(intent);
  }

  private succeed(intent: StoredIntent): void {
    intent.status = 'succeeded';
    intent.lastPaymentError = null;
    intent.latestCharge = this.nextId('ch');
    this.emit('payment_intent.succeeded', intent);
    this.billing.intentSucceeded(intent.id, Math.floor(this.now().getTime() / 1000));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(Buffer.from(chunk));
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // GET and DELETE carry their parameters in the query string, POST in the form body.
    const form = {
      ...parseStripeForm(url.search.slice(1)),
      ...parseStripeForm(Buffer.concat(chunks).toString('utf8')),
    };
    const path = url.pathname;
    const method = request.method ?? 'GET';
    let reply: Reply;
    if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '')) {
      reply = stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    } else {
      const key = request.headers['idempotency-key'];
      const fingerprint = `${method} ${path} ${JSON.stringify(form)}`;
      const seen = typeof key === 'string' ? this.idempotent.get(key) : undefined;
      if (seen && seen.fingerprint !== fingerprint) {
        reply = stripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters (${String(key)}).`,
        });
      } else if (seen) reply = seen.reply;
      else {
        reply = this.route(method, path, form);
        if (typeof key === 'string' && method === 'POST') this.idempotent.set(key, { fingerprint, reply });
      }
    }
    reply = this.schemaChecked(reply.status, reply.body, `${method} ${path}`);
    this.requests.push({ method, path, status: reply.status, body: reply.body });
    response.writeHead(reply.status, {
      'Content-Type': 'application/json',
      'Request-Id': this.nextId('req'),
    });
    response.end(JSON.stringify(reply.body));
  }

  private route(method: string, path: string, form: Record<string, unknown>): Reply {
    const at = this.now();
    const billed = this.billing.route(method, path, form, Math.floor(at.getTime() / 1000));
    if (billed) return billed;
    const metadata = formStrings(form.metadata);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = customerObject(this.nextId('cus'), metadata, at);
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const attach = /^\/v1\/payment_methods\/([\w]+)\/attach$/.exec(path);
    if (method === 'POST' && attach?.[1]) return this.attach(attach[1], String(form.customer ?? ''), at);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(form, metadata, at);
    const intentPath = /^\/v1\/payment_intents\/(\w+)(\/cancel)?$/.exec(path);
    const intent = intentPath?.[1] ? this.intents.get(intentPath[1]) : undefined;
    if (intentPath && !intent) return this.missing('payment_intent', intentPath[1] ?? '');
    if (intent && method === 'GET' && !intentPath?.[2])
      return { status: 200, body: this.intentObject(intent) };
    if (intent && method === 'POST' && intentPath?.[2]) {
      if (intent.status === 'succeeded') {
        return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' });
      }
      intent.status = 'canceled';
      this.emit('payment_intent.canceled', intent);
      return { status: 200, body: this.intentObject(intent) };
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refund(form, metadata, at);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(form.customer ?? '');
      if (!this.customers.has(customer)) return this.missing('customer', customer);
      const id = this.nextId('bps');
      const url = `https://billing.stripe.com/p/session/test_${id}`;
      return { status: 200, body: portalSessionObject(id, customer, String(form.return_url), url, at) };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  private missing(kind: string, id: string): Reply {
    return stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${kind}: '${id}'`,
    });
  }

  private attach(token: string, customer: string, at: Date): Reply {
    const card = new Map(Object.entries(TEST_PAYMENT_METHODS)).get(token);
    if (!card) return this.missing('PaymentMethod', token);
    if (!this.customers.has(customer)) return this.missing('customer', customer);
    // Attaching a test PaymentMethod makes a new one on the customer, as Stripe does.
    const id = this.nextId('pm');
    this.methods.set(id, { last4: card.last4, behaviour: card.behaviour, customer });
    return { status: 200, body: paymentMethodObject(id, card.last4, customer, at) };
  }

  private createIntent(form: Record<string, unknown>, metadata: Record<string, string>, at: Date): Reply {
    const method = this.methods.get(String(form.payment_method ?? ''));
    if (!method) return this.missing('PaymentMethod', String(form.payment_method ?? ''));
    if (form.customer !== method.customer) {
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'customer',
        message: 'PaymentMethod belongs to another customer',
      });
    }
    return this.confirmIntent({
      paymentMethod: String(form.payment_method),
      amount: Number(form.amount),
      description: typeof form.description === 'string' ? form.description : null,
      metadata,
      offSession: form.off_session === 'true',
      at,
    }).reply;
  }

  /** A PaymentIntent confirmed at once on a stored card: succeeded, waiting for 3-D Secure, or declined. */
  private confirmIntent(request: {
    paymentMethod: string;
    amount: number;
    description: string | null;
    metadata: Record<string, string>;
    offSession: boolean;
    at: Date;
  }): { intent: StoredIntent; reply: Reply } {
    const unknownCard: { customer: null; behaviour: CardBehaviour; last4: string } = {
      customer: null,
      behaviour: 'declines',
      last4: '',
    };
    const method = this.methods.get(request.paymentMethod) ?? unknownCard;
    const intent: StoredIntent = {
      id: this.nextId('pi'),
      amount: request.amount,
      customer: method.customer,
      paymentMethod: request.paymentMethod,
      description: request.description,
      metadata: request.metadata,
      status: 'requires_confirmation',
      lastPaymentError: null,
      latestCharge: null,
      at: request.at,
      behaviour: method.behaviour,
      refunded: 0,
    };
    this.intents.set(intent.id, intent);
    if (method.behaviour === 'succeeds') {
      this.succeed(intent);
      return { intent, reply: { status: 200, body: this.intentObject(intent) } };
    }
    if (method.behaviour === 'requires_authentication' && !request.offSession) {
      intent.status = 'requires_action';
      this.emit('payment_intent.requires_action', intent);
      return { intent, reply: { status: 200, body: this.intentObject(intent) } };
    }
    const code = method.behaviour === 'declines' ? 'card_declined' : 'authentication_required';
    intent.status = 'requires_payment_method';
    intent.lastPaymentError = {
      code,
      decline_code: method.behaviour === 'declines' ? 'generic_decline' : 'authentication_required',
      message:
        method.behaviour === 'declines' ? 'Your card was declined.' : 'Your card requires authentication.',
    };
    this.emit('payment_intent.payment_failed', intent);
    const reply = stripeError(402, {
      type: 'card_error',
      ...intent.lastPaymentError,
      payment_intent: this.intentObject(intent),
    });
    return { intent, reply };
  }

  private refund(form: Record<string, unknown>, metadata: Record<string, string>, at: Date): Reply {
    const intent = this.intents.get(String(form.payment_intent ?? ''));
    if (!intent) return this.missing('payment_intent', String(form.payment_intent ?? ''));
    const amount = form.amount === undefined ? intent.amount - intent.refunded : Number(form.amount);
    if (intent.status !== 'succeeded' || !intent.latestCharge) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent has no successful charge to refund.',
      });
    }
    if (amount > intent.amount - intent.refunded) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Refund amount is greater than unrefunded amount on charge.',
      });
    }
    intent.refunded += amount;
    const reason = REFUND_REASONS.find((known) => known === form.reason) ?? null;
    const refund = refundObject({
      id: this.nextId('re'),
      amount,
      paymentIntent: intent.id,
      charge: intent.latestCharge,
      reason,
      metadata,
      at,
    });
    this.events.push(eventObject(this.nextId('evt'), 'refund.created', refund, at));
    return { status: 200, body: refund };
  }

  /** Money Stripe kept: succeeded intents less refunds, in cents. */
  netCollectedCents(): number {
    return [...this.intents.values()]
      .filter((intent) => intent.status === 'succeeded')
      .reduce((sum, intent) => sum + intent.amount - intent.refunded, 0);
  }
}
