import { describe, expect, inject, it } from 'vitest';
import { contract } from '@app/shared/api';
import { resources } from '@app/shared/i18n';
import { ensureUser, localCognitoClient } from '@app/infra/local/cognito-local';
import { SEED_ADMIN } from '@app/infra/local/seed-data';
import { api, signIn, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { signInSeedAdminWithCode } from '../src/seed-admin';
import { enrolTotp } from '../src/totp-enrolment';

/**
 * docs/accounts.md "Administrators sign in with an authenticator app": the admin site's public
 * config.json holds no credentials, the seeded admin's password alone does not sign it in, and the API
 * refuses admin routes to an admin whose account has no authenticator app, in the caller's language.
 */

type ErrorBody = { message_code?: string; error?: string; issues?: { path: string }[] };

/** A new member of the ADMIN group made straight in the pool (as the seed makes its admin), signed in. */
async function adminWithoutApp() {
  const stack = inject('stack');
  const email = uniqueEmail('admin');
  await ensureUser(
    localCognitoClient(Number(new URL(stack.cognitoEndpoint).port)),
    {
      userPoolId: stack.userPoolId,
      webClientId: stack.webClientId,
      adminClientId: stack.adminClientId,
      apiClientId: stack.apiClientId,
    },
    { email, password: STRONG_PASSWORD, firstName: 'New', lastName: 'Admin', admin: true },
  );
  return signIn(email, STRONG_PASSWORD);
}

describe('admin sign-in', () => {
  it('serves an admin site config.json that holds no password and no credentials', async () => {
    const response = await fetch(new URL('/config.json', inject('stack').adminUrl));
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(text).not.toContain(SEED_ADMIN.password);
    expect(Object.keys(JSON.parse(text) as object)).not.toContain('demoAdmin');
  });

  it('asks the seeded admin for its authenticator code after the right password', async () => {
    const passwordOnly = await api<ErrorBody>('POST', contract.auth.login.path, {
      body: { email: SEED_ADMIN.email, password: SEED_ADMIN.password },
    });
    // A sign-in of its own (the other suites share the global setup's): the password, then the code.
    const { webUrl, seedAdminTotpSecret } = inject('stack');
    const withCode = await signInSeedAdminWithCode(webUrl, seedAdminTotpSecret);

    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.body.issues?.map((issue) => issue.path)).toEqual(['body.totp_code']);
    expect((await api('GET', contract.admin.dashboard.path, { token: withCode.token })).status).toBe(200);
  });

  it('refuses admin routes to an admin without an authenticator app, in en, fr and es, until one is set up', async () => {
    const admin = await adminWithoutApp();
    const dashboard = (language: string) =>
      api<ErrorBody>('GET', contract.admin.dashboard.path, {
        token: admin.token,
        headers: { 'accept-language': language },
      });

    const refused = await Promise.all(['en', 'fr', 'es'].map((language) => dashboard(language)));
    const health = await api<ErrorBody>('GET', contract.admin.health.path, { token: admin.token });
    const me = await api('GET', contract.auth.me.path, { token: admin.token });
    await enrolTotp(admin.token);
    const afterEnrolment = await dashboard('en');

    expect(refused.map((response) => response.status)).toEqual([403, 403, 403]);
    expect(refused.map((response) => response.body.message_code)).toEqual(
      Array(3).fill('AUTH_ADMIN_TOTP_REQUIRED'),
    );
    expect(refused.map((response) => response.body.error)).toEqual(
      (['en', 'fr', 'es'] as const).map(
        (language) => (resources[language].messages as Record<string, string>).AUTH_ADMIN_TOTP_REQUIRED,
      ),
    );
    expect(health.status).toBe(403);
    // Only the admin routes: the account itself works.
    expect(me.status).toBe(200);
    expect(afterEnrolment.status).toBe(200);
  });
});
