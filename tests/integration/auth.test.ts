import { describe, expect, inject, it } from 'vitest';
import { api, signIn, signInSeedAdmin, signUpInvestor, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { mailsTo } from '../src/mail-inbox';
import { signUpThroughInbox } from '../src/sign-up-by-mail';
import { mintToken, unsignedToken } from '../src/tokens';

describe('auth area on the local stack', () => {
  it('registers an investor as a FREE user, whatever role the body claims', async () => {
    const email = uniqueEmail();
    const { webUrl, mailUrl } = inject('stack');
    const response = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email, password: STRONG_PASSWORD, first_name: 'Ines', last_name: 'Ortega', role: 'ADMIN' },
    );
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      email,
      first_name: 'Ines',
      role: 'USER',
      subscription_tier: 'FREE',
    });
    const admin = await api('GET', '/api/admin/dashboard', { token: response.body.access_token });
    expect(admin.status).toBe(403);
  });

  it('names every bad field of a registration and stores nothing', async () => {
    const email = uniqueEmail();
    const response = await api<{ issues: { path: string }[] }>('POST', '/api/auth/register', {
      body: { email: 'not-an-email', password: '123', first_name: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue) => issue.path).sort()).toEqual([
      'body.email',
      'body.first_name',
      'body.password',
    ]);
    const login = await api('POST', '/api/auth/login', { body: { email, password: '123' } });
    expect(login.status).toBe(401);
  });

  it("keeps the visitor's language and theme in the new profile (the form's choice, else Accept-Language)", async () => {
    const { webUrl, mailUrl } = inject('stack');
    const chosen = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email: uniqueEmail(), password: STRONG_PASSWORD, first_name: 'Lou', language: 'fr', theme: 'light' },
      { 'accept-language': 'en' },
    );
    const browsed = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email: uniqueEmail(), password: STRONG_PASSWORD, first_name: 'Paz' },
      { 'accept-language': 'es-ES,es;q=0.9' },
    );

    expect(chosen.body.user).toMatchObject({ language: 'fr', theme: 'light' });
    expect(browsed.body.user).toMatchObject({ language: 'es', theme: 'dark' });
  });

  it('explains a password the policy refuses, in the caller language, and mails nothing', async () => {
    const email = uniqueEmail();
    const weak = await api<{ issues: { path: string; message: string }[] }>('POST', '/api/auth/register', {
      body: { email, password: 'alllowercase', first_name: 'Wes' },
      headers: { 'accept-language': 'fr' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues).toEqual([
      {
        path: 'body.password',
        message: 'Mot de passe : au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.',
        message_code: 'AUTH_PASSWORD_POLICY',
        params: { minimum: 8, field: 'password' },
      },
    ]);
    expect(await mailsTo(email)).toHaveLength(0);
    const { webUrl, mailUrl } = inject('stack');
    const retry = await signUpThroughInbox(
      { webUrl, mailUrl },
      { email, password: STRONG_PASSWORD, first_name: 'Wes' },
    );
    expect(retry.status).toBe(201);
  });

  it('signs in, and refuses a wrong password or an unknown user with the same message', async () => {
    const investor = await signUpInvestor('Lena');
    const signedIn = await signIn(investor.email, investor.password);
    expect(signedIn.userId).toBe(investor.userId);
    const wrong = await api('POST', '/api/auth/login', {
      body: { email: investor.email, password: 'Wrong-Pass-9' },
    });
    const unknown = await api('POST', '/api/auth/login', {
      body: { email: uniqueEmail('ghost'), password: 'Wrong-Pass-9' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'Incorrect email or password.' });
    expect(unknown.body).toMatchObject({ error: 'Incorrect email or password.' });
  });

  it('returns the signed-in user from /me and saves preferences', async () => {
    const investor = await signUpInvestor('Mara');
    const me = await api('GET', '/api/auth/me', { token: investor.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: investor.userId,
      first_name: 'Mara',
      role: 'USER',
      language: 'en',
      theme: 'dark',
    });
    const saved = await api('PATCH', '/api/auth/me', {
      token: investor.token,
      body: { language: 'fr', theme: 'light' },
    });
    expect(saved.status).toBe(200);
    const again = await api('GET', '/api/auth/me', { token: investor.token });
    expect(again.body).toMatchObject({ language: 'fr', theme: 'light' });
    const bad = await api('PATCH', '/api/auth/me', {
      token: investor.token,
      body: { language: 'de', role: 'ADMIN' },
    });
    expect(bad.status).toBe(400);
    expect((await api('GET', '/api/auth/me', { token: investor.token })).body).toMatchObject({
      role: 'USER',
      language: 'fr',
    });
  });

  it('gives the seeded admin the ADMIN role from the Cognito group', async () => {
    const admin = await signInSeedAdmin();
    const me = await api('GET', '/api/auth/me', { token: admin.token });
    expect(me.body).toMatchObject({ role: 'ADMIN', id: inject('stack').seedAdminUserId });
  });

  it('answers health and the API root without a token', async () => {
    expect((await api('GET', '/api/auth/health')).body).toMatchObject({ status: 'ok' });
    expect((await api('GET', '/api/')).body).toMatchObject({ data_mode: 'replay' });
  });
});

describe('no request with a missing, forged or expired token reaches a handler', () => {
  const cases: [string, () => Promise<string | undefined>][] = [
    ['missing', async () => undefined],
    ['garbage', async () => 'not.a.token'],
    ['expired', () => mintToken({ expiresInSeconds: -60 })],
    ['not yet valid', () => mintToken({ notBeforeSeconds: 600 })],
    [
      'wrong issuer',
      () => mintToken({ issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_evil' }),
    ],
    ['another client', () => mintToken({ clientId: 'some-other-client' })],
    ['an ID token', () => mintToken({ tokenUse: 'id' })],
    ['signed by an unknown key', () => mintToken({ unknownKey: true })],
    [
      'alg none',
      async () =>
        unsignedToken({ sub: inject('stack').seedInvestorUserId, token_use: 'access', exp: 9999999999 }),
    ],
    [
      'tampered (admin group added after signing)',
      async () => {
        const token = await mintToken();
        const [header, , signature] = token.split('.');
        const claims = {
          sub: inject('stack').seedInvestorUserId,
          token_use: 'access',
          'cognito:groups': ['ADMIN'],
          exp: 9999999999,
        };
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
    ],
  ];

  it.each(cases)('%s token: 401 on a user route and on an admin route', async (_name, makeToken) => {
    const token = await makeToken();
    const me = await api('GET', '/api/auth/me', { token });
    const admin = await api('GET', '/api/admin/dashboard', { token });
    expect(me.status).toBe(401);
    expect(admin.status).toBe(401);
  });

  it('a genuine token is accepted (the cases above fail for their stated reason only)', async () => {
    const token = await mintToken();
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('an optional-user route refuses a bad token instead of treating the caller as a demo visitor', async () => {
    const token = await mintToken({ expiresInSeconds: -60 });
    const response = await api('GET', '/api/subscription/my-subscription', { token });
    expect(response.status).toBe(401);
  });
});
