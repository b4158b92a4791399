import type Stripe from 'stripe';
import { listObject, priceObject, productObject, type SimPrice } from './stripe-billing-objects';
import type { BillingHost, Reply } from './stripe-billing-server';

/*
 * Stripe's product catalogue on the Stripe-format server (stripe.com/docs/api/products,
 * stripe.com/docs/api/prices): products created with our own id or retrieved, prices created (a
 * `lookup_key` already taken is refused unless `transfer_lookup_key`) and listed by `lookup_keys`.
 */

const ok = (body: object): Reply => ({ status: 200, body });
const valuesOf = (value: unknown) => Object.values((value ?? {}) as Record<string, unknown>);

export class StripeCatalogue {
  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, SimPrice>();

  constructor(private readonly host: BillingHost) {}

  productRoute(method: string, id: string | undefined, form: Record<string, unknown>, at: number) {
    if (method === 'GET' && id)
      return this.products.has(id) ? ok(this.products.get(id) as object) : this.host.missing('product', id);
    const productId = String(form.id ?? this.host.nextId('prod'));
    if (this.products.has(productId)) {
      return this.host.error(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        param: 'id',
      });
    }
    const product = productObject(
      productId,
      String(form.name),
      (form.metadata ?? {}) as Record<string, string>,
      at,
    );
    this.products.set(productId, product);
    return ok(product);
  }

  priceRoute(method: string, form: Record<string, unknown>, at: number): Reply {
    if (method === 'GET') {
      const keys = valuesOf(form.lookup_keys).map(String);
      const found = [...this.prices.values()].filter(
        (price) => price.active && price.lookupKey !== null && keys.includes(price.lookupKey),
      );
      return ok(listObject('/v1/prices', found.map(priceObject)));
    }
    const product = String(form.product ?? '');
    if (!this.products.has(product)) return this.host.missing('product', product);
    const lookupKey = typeof form.lookup_key === 'string' ? form.lookup_key : null;
    for (const other of this.prices.values()) {
      if (lookupKey && other.lookupKey === lookupKey) {
        if (form.transfer_lookup_key !== 'true') {
          return this.host.error(400, {
            type: 'invalid_request_error',
            param: 'lookup_key',
            message: 'lookup_key already in use',
          });
        }
        other.lookupKey = null;
      }
    }
    const recurring = (form.recurring ?? {}) as Record<string, string>;
    const price: SimPrice = {
      id: this.host.nextId('price'),
      product,
      unitAmount: Number(form.unit_amount),
      interval: recurring.interval === 'year' ? 'year' : 'month',
      lookupKey,
      active: true,
      metadata: (form.metadata ?? {}) as Record<string, string>,
      created: at,
    };
    this.prices.set(price.id, price);
    return ok(priceObject(price));
  }
}
