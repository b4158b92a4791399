import type Stripe from 'stripe';

/*
 * What Stripe Billing's part of the Stripe-format server (stripe-billing-server.ts and the desks it
 * routes to) uses of the server around it, and the reading of Stripe's form parameters they share.
 */

export type Reply = { status: number; body: object };

export interface BillingHost {
  nextId(prefix: string): string;
  hasCustomer(id: string): boolean;
  /** A PaymentIntent confirmed at once on a stored card; `error` is the 402 a decline answers. */
  charge(request: {
    customer: string;
    paymentMethod: string;
    amount: number;
    offSession: boolean;
    description: string;
  }): { intentId: string; status: Stripe.PaymentIntent.Status; error: Reply | null };
  emit(type: string, object: object): void;
  missing(kind: string, id: string): Reply;
  error(status: number, error: Record<string, unknown>): Reply;
}

export const ok = (body: object): Reply => ({ status: 200, body });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A nested form parameter (`metadata[plan]=x` read back as `{ plan: 'x' }`); empty when absent. */
export const formRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A nested form parameter of strings, such as `metadata`. */
export const formStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(formRecord(value)).map(([key, item]) => [key, String(item)]));

/** The entries of a form list (`items[0][price]=…` read back as `{ 0: { price } }`), in order. */
export const formList = (value: unknown): Record<string, unknown>[] =>
  Object.values(formRecord(value)).map(formRecord);

/** An object the server made itself and must hold: missing, the server is wrong, not the request. */
export function held<T>(map: ReadonlyMap<string, T>, id: string, kind: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`the Stripe-format server holds no ${kind} ${id}`);
  return found;
}
