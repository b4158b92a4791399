import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier } from './token-verifier';

const ISSUER = 'http://127.0.0.1:9229/local_pool';

async function setup(revokedAt: Record<string, number>) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const keySet = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
  const verify = createTokenVerifier({
    issuer: ISSUER,
    jwksUrl: `${ISSUER}/.well-known/jwks.json`,
    clientIds: [],
    keySet,
    revokedAt: async (sub) => revokedAt[sub] ?? null,
  });
  const token = (sub: string, issuedAt: number) =>
    new SignJWT({ token_use: 'access', client_id: 'web' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(privateKey);
  return { verify, token };
}

describe('sign out everywhere in the token verifier', () => {
  const now = Math.floor(Date.now() / 1000);

  it('refuses a token issued at or before the revocation second, accepts one issued after', async () => {
    const { verify, token } = await setup({ alice: now - 10 });

    expect(await verify(await token('alice', now - 20))).toMatchObject({ ok: false });
    expect(await verify(await token('alice', now - 10))).toMatchObject({ ok: false });
    expect(await verify(await token('alice', now - 9))).toMatchObject({ ok: true });
  });

  it("leaves other users' tokens alone", async () => {
    const { verify, token } = await setup({ alice: now });

    expect(await verify(await token('bob', now - 20))).toMatchObject({ ok: true });
  });
});
