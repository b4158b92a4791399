import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NOW = new Date('2030-01-10T12:00:00Z');
const CLAIMS = { userId: 'user-1', type: 'earnings', channel: 'digest' } as const;

describe('unsubscribe token', () => {
  it('round-trips its claims and is an HS256 JWS whose signature node HMAC reproduces', async () => {
    const token = await signUnsubscribeToken(CLAIMS, SECRET, NOW);
    expect(await verifyUnsubscribeToken(token, SECRET, NOW)).toEqual(CLAIMS);
    const [header, payload, signature] = token.split('.');
    expect(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    const body = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    // 2030-01-10T12:00:00Z is 1894276800 s; 60 days later is + 5184000 s.
    expect(body.iat).toBe(1_894_276_800);
    expect(body.exp).toBe(1_894_276_800 + UNSUBSCRIBE_TOKEN_DAYS * 86_400);
  });

  it('is refused after it expires, under another secret, or altered', async () => {
    const token = await signUnsubscribeToken(CLAIMS, SECRET, NOW);
    const later = new Date(NOW.getTime() + (UNSUBSCRIBE_TOKEN_DAYS * 86_400 + 1) * 1000);
    expect(await verifyUnsubscribeToken(token, SECRET, later)).toBeNull();
    expect(await verifyUnsubscribeToken(token, `${SECRET}-other`, NOW)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ typ: 'earnings', ch: 'email', sub: 'user-2', aud: 'nugget:unsubscribe' }),
    ).toString('base64url');
    expect(await verifyUnsubscribeToken(`${header}.${forged}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it('is refused when it names no known alert type or channel, even correctly signed', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ typ: 'everything', ch: 'email', sub: 'user-1', aud: 'nugget:unsubscribe' }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(await verifyUnsubscribeToken(`${header}.${payload}.${signature}`, SECRET, NOW)).toBeNull();
  });
});
