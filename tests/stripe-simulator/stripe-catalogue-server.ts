import type Stripe from 'stripe';
import { listObject, priceObject, productObject, type SimPrice } from './stripe-billing-objects';
import { formRecord, formStrings, ok, type BillingHost, type Reply } from './stripe-billing-host';

/*
 * Stripe's product catalogue on the Stripe-format server (stripe.com/docs/api/products,
 * stripe.com/docs/api/prices): products created with our own id or retrieved, prices created (a
 * `lookup_key` already taken is refused unless `transfer_lookup_key`) and listed by `lookup_keys`.
 */

export class StripeCatalogue {
  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, SimPrice>();

  constructor(private readonly host: BillingHost) {}

  productRoute(method: string, id: string | undefined, form: Record<string, unknown>, at: number) {
    const held = id ? this.products.get(id) : undefined;
    if (method === 'GET' && id) return held ? ok(held) : this.host.missing('product', id);
    const productId = String(form.id ?? this.host.nextId('prod'));
    if (this.products.has(productId)) {
      return this.host.error(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        param: 'id',
      });
    }
    const product = productObject(productId, String(form.name), formStrings(form.metadata), at);
    this.products.set(productId, product);
    return ok(product);
  }

  priceRoute(method: string, form: Record<string, unknown>, at: number): Reply {
    if (method === 'GET') {
      const keys = Object.values(formRecord(form.lookup_keys)).map(String);
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
    const recurring = formStrings(form.recurring);
    const price: SimPrice = {
      id: this.host.nextId('price'),
      product,
      unitAmount: Number(form.unit_amount),
      interval: recurring.interval === 'year' ? 'year' : 'month',
      lookupKey,
      active: true,
      metadata: formStrings(form.metadata),
      created: at,
    };
    this.prices.set(price.id, price);
    return ok(priceObject(price));
  }
}
