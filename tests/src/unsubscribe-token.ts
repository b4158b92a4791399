import { createHmac } from 'node:crypto';

/** The local stack's mail secret (functions/src/config.ts default): what the stack signs links with. */
export const LOCAL_MAIL_TOKEN_SECRET = 'local-only-mail-token-secret-not-for-the-cloud';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * An unsubscribe token as a mail carries it (HS256 compact JWS), built here with node's HMAC on its
 * own, synchronously, so the security tables can sign one per caller without the product's code.
 */
export function unsubscribeTokenFor(
  userId: string,
  type = 'market_news',
  channel: 'email' | 'digest' = 'digest',
  secret = LOCAL_MAIL_TOKEN_SECRET,
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
