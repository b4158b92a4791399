import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { inject } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * cognito-local signs with a key that ships in its package; signing with it lets a test make tokens
 * that are genuine in every way but the one under test (expired, wrong issuer, wrong client...).
 */
async function cognitoLocalKey() {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

export interface TokenOverrides {
  sub?: string;
  groups?: string[];
  tokenUse?: string;
  clientId?: string;
  issuer?: string;
  expiresInSeconds?: number;
  notBeforeSeconds?: number;
  /** Sign with a key the pool never published. */
  unknownKey?: boolean;
}

export async function mintToken(overrides: TokenOverrides = {}): Promise<string> {
  const stack = inject('stack');
  const now = Math.floor(Date.now() / 1000);
  const key = overrides.unknownKey ? (await generateKeyPair('RS256')).privateKey : await cognitoLocalKey();
  let jwt = new SignJWT({
    client_id: overrides.clientId ?? stack.webClientId,
    token_use: overrides.tokenUse ?? 'access',
    scope: 'aws.cognito.signin.user.admin',
    username: overrides.sub ?? stack.seedInvestorUserId,
    ...(overrides.groups ? { 'cognito:groups': overrides.groups } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setSubject(overrides.sub ?? stack.seedInvestorUserId)
    .setIssuer(overrides.issuer ?? `${stack.cognitoEndpoint}/${stack.userPoolId}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (overrides.expiresInSeconds ?? 3600));
  if (overrides.notBeforeSeconds !== undefined) jwt = jwt.setNotBefore(now + overrides.notBeforeSeconds);
  return jwt.sign(key);
}

/** A token with `alg: none`: no signature at all. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
