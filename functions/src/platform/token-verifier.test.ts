import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from './token-verifier';

const ISSUER = 'http://127.0.0.1:9229/local_pool';

async function setup() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const keySet = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
  const verify = createTokenVerifier({
    issuer: ISSUER,
    jwksUrl: `${ISSUER}/.well-known/jwks.json`,
    clientIds: ['web'],
    keySet,
  });
  const now = Math.floor(Date.now() / 1000);
  const token = (claims: Record<string, unknown>, expiresAt = now + 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setSubject('alice')
      .setIssuer(ISSUER)
      .setIssuedAt(now - 10)
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { verify, token, now };
}

describe('the token verifier (as API Gateway JWT authorizer)', () => {
  it("accepts an access token of an accepted client, refuses an ID token and another client's token", async () => {
    const { verify, token } = await setup();

    expect(await verify(await token({ token_use: 'access', client_id: 'web' }))).toMatchObject({ ok: true });
    expect(await verify(await token({ token_use: 'id', aud: 'web' }))).toMatchObject({ ok: false });
    expect(await verify(await token({ token_use: 'access', client_id: 'other' }))).toMatchObject({
      ok: false,
    });
  });

  it('refuses an expired token', async () => {
    const { verify, token, now } = await setup();

    expect(await verify(await token({ token_use: 'access', client_id: 'web' }, now - 1))).toEqual({
      ok: false,
      reason: 'the token has expired',
    });
  });
});
