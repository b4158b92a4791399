import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh six-digit code, uniformly drawn (crypto.randomInt), zero-padded. */
export function newMailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The code's HMAC-SHA256 under the mail secret, bound to its user and purpose: what is stored, so a
 * leaked table row gives no usable code, and a code of one user or purpose never fits another.
 */
export function hashMailCode(secret: string, purpose: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${code}`).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An address as the rate limit's key: hashed, so the usage table holds no plain address. */
export function hashAddress(secret: string, address: string): string {
  return createHmac('sha256', secret)
    .update(`address:${address.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 32);
}
