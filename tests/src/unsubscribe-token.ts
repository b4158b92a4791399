import { createHmac } from 'node:crypto';
import { inject } from 'vitest';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * An unsubscribe token as a mail carries it (HS256 compact JWS), built here with node's HMAC on its
 * own, synchronously, so the security tables can sign one per caller without the product's code.
 */
export function unsubscribeTokenFor(
  userId: string,
  type = 'market_news',
  channel: 'email' | 'digest' = 'digest',
  // The stack's own secret, drawn for the run (infra/local/local-secrets.ts): the source holds none.
  secret = inject('stack').mailTokenSecret,
): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const payload = base64url(
    JSON.stringify({
      typ: type,
      ch: channel,
      sub: userId,
      aud: 'nugget:unsubscribe',
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
