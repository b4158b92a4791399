import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { contract } from '@app/shared/api';
import { localCognitoClient } from '@app/infra/local/cognito-local';
import { api, signIn, signUpInvestor, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { totp } from '../src/totp';

/**
 * The account's security on the local stack (docs/accounts.md): password change through the identity
 * service, sign out of every session, the authenticator code at sign-in, and sign-in answers that do
 * not tell whether an address has an account. Every test uses its own throwaway investor.
 */

const routes = contract.auth;
const NEW_PASSWORD = 'Nugget-Changed-2';

const withoutRequestId = (body: unknown) => {
  const { request_id: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
};

describe('account security', () => {
  it('changes the password only with the right current one; the old one then fails', async () => {
    const user = await signUpInvestor('Password');
    const change = (body: object) =>
      api<{ issues?: { path: string }[] }>(routes.changePassword.method, routes.changePassword.path, {
        token: user.token,
        body,
      });

    const wrongCurrent = await change({ current_password: 'Not-It-123', new_password: NEW_PASSWORD });
    const weak = await change({ current_password: user.password, new_password: 'short' });
    const changed = await change({ current_password: user.password, new_password: NEW_PASSWORD });

    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.issues?.map((issue) => issue.path)).toEqual(['body.current_password']);
    expect(weak.status).toBe(400);
    expect(weak.body.issues?.map((issue) => issue.path)).toEqual(['body.new_password']);
    expect(changed.status).toBe(200);
    const withOld = await api('POST', routes.login.path, {
      body: { email: user.email, password: user.password },
    });
    expect(withOld.status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).userId).toBe(user.userId);
  });

  it('signing out everywhere ends every session of the account, not the next one', async () => {
    const first = await signUpInvestor('Sessions');
    const second = await signIn(first.email, first.password);
    const other = await signUpInvestor('Untouched');

    const ended = await api<{ revoked_before: string }>(
      routes.signOutEverywhere.method,
      routes.signOutEverywhere.path,
      { token: second.token },
    );
    const me = (token: string) => api('GET', routes.me.path, { token });

    expect(ended.status).toBe(200);
    expect((await me(first.token)).status).toBe(401);
    expect((await me(second.token)).status).toBe(401);
    expect((await me(other.token)).status).toBe(200);
    // Tokens carry their issue time in whole seconds: a sign-in in the next second is a new session.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await signIn(first.email, first.password);
    expect((await me(again.token)).status).toBe(200);
  });

  it('asks for the authenticator code once the password is right, and accepts only the current one', async () => {
    const user = await signUpInvestor('Totp');
    const cognito = localCognitoClient(Number(new URL(inject('stack').cognitoEndpoint).port));
    const associated = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: user.token }));
    const secret = associated.SecretCode as string;
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: user.token, UserCode: totp(secret) }));
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: user.token,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const login = (body: object) =>
      api<{ issues?: { path: string; code?: string }[]; access_token?: string }>('POST', routes.login.path, {
        body: { email: user.email, ...body },
      });

    const wrongPassword = await login({ password: 'Not-It-123' });
    const noCode = await login({ password: user.password });
    // A code from ten minutes ago is outside any accepted window.
    const staleCode = await login({ password: user.password, totp_code: totp(secret, Date.now() - 600_000) });
    const rightCode = await login({ password: user.password, totp_code: totp(secret) });

    expect(wrongPassword.status).toBe(401);
    expect(noCode.status).toBe(400);
    expect(noCode.body.issues?.map((issue) => issue.path)).toEqual(['body.totp_code']);
    expect(staleCode.status).toBe(400);
    expect(staleCode.text).toContain('AUTH_TOTP_CODE_WRONG');
    expect(rightCode.status).toBe(200);
    expect(rightCode.body.access_token).toEqual(expect.any(String));
  });

  it('answers an unknown address exactly like a wrong password (no account enumeration at sign-in)', async () => {
    const user = await signUpInvestor('Enumeration');
    const unknown = await api('POST', routes.login.path, {
      body: { email: uniqueEmail('nobody'), password: STRONG_PASSWORD },
    });
    const wrong = await api('POST', routes.login.path, {
      body: { email: user.email, password: 'Not-It-123' },
    });

    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
    expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
  });
});
