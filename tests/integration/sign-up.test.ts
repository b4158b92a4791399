import { describe, expect, inject, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { api, signIn, signInSeedInvestor, signUpInvestor, STRONG_PASSWORD, uniqueEmail } from '../src/api';
import { codeIn, mailsTo, waitForMails } from '../src/mail-inbox';

/*
 * Sign-up confirmed by a mailed code, on the real local stack (cognito-local, DynamoDB Local,
 * maildev): the first step answers a new and a known address alike, the code works once, an
 * unconfirmed address cannot sign in, a wrong code is a 400 naming `body.code` in the caller's
 * language, and a pending address goes to whoever asks again.
 */

const register = contract.auth.register;
const confirm = contract.auth.confirmRegistration;
const SIGN_UP_SUBJECT = 'Your Nugget Invest sign-up code';
const NOTICE_SUBJECT = 'Someone tried to create a Nugget Invest account with your address';

const startSignUp = (email: string, password = STRONG_PASSWORD, headers: Record<string, string> = {}) =>
  api(register.method, register.path, { body: { email, password, first_name: 'Prober' }, headers });

const confirmSignUp = (
  body: { email: string; code: string; password: string },
  headers: Record<string, string> = {},
) => api<{ user: { id: string }; access_token: string }>(confirm.method, confirm.path, { body, headers });

/** An error's text without its request id, which differs per request by design. */
const withoutId = (text: string) => text.replace(/"request_id":"[^"]*"/, '');

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('sign-up by mailed code', () => {
  it('answers a known and a new address with the same status and bytes; the known one gets a notice, the new one a code', async () => {
    const known = await signUpInvestor('Known');
    const fresh = uniqueEmail('fresh');

    const forKnown = await startSignUp(known.email, 'Other-Pass-7');
    const forFresh = await startSignUp(fresh, 'Other-Pass-7');

    expect(forKnown.status).toBe(202);
    expect(forFresh.status).toBe(forKnown.status);
    expect(forFresh.text).toBe(forKnown.text);
    expect(forKnown.body).toEqual({ accepted: true });
    // The known address: its sign-up code (from signUpInvestor), then the notice, which carries no code.
    const knownMails = await waitForMails(known.email, 2);
    expect(knownMails.map((mail) => mail.subject)).toEqual([SIGN_UP_SUBJECT, NOTICE_SUBJECT]);
    expect(knownMails[1]?.text).toContain('sign in');
    expect(knownMails[1]?.text).not.toMatch(/\b\d{6}\b/);
    const [freshMail] = await waitForMails(fresh);
    expect(freshMail?.subject).toBe(SIGN_UP_SUBJECT);
    expect(codeIn(freshMail!)).toMatch(/^\d{6}$/);
    // The account did not change: the old password still signs in, the prober's does not.
    await expect(signIn(known.email, STRONG_PASSWORD)).resolves.toMatchObject({ userId: known.userId });
    await expect(signIn(known.email, 'Other-Pass-7')).rejects.toThrow(/401/);
  });

  it('notices a seeded account too, which still signs in', async () => {
    const before = (await mailsTo(SEED_INVESTOR.email)).length;
    const answer = await startSignUp(SEED_INVESTOR.email, 'Other-Pass-7');
    expect(answer.status).toBe(202);
    const mails = await waitForMails(SEED_INVESTOR.email, before + 1);
    expect(mails[mails.length - 1]?.subject).toBe(NOTICE_SUBJECT);
    await expect(signInSeedInvestor()).resolves.toMatchObject({ userId: inject('stack').seedInvestorUserId });
  });

  it('refuses to sign in an unconfirmed address exactly as an unknown one; the code then works once', async () => {
    const email = uniqueEmail('pending');
    expect((await startSignUp(email)).status).toBe(202);
    const [mail] = await waitForMails(email);

    const pending = await api('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
    const unknown = await api('POST', '/api/auth/login', {
      body: { email: uniqueEmail('ghost'), password: STRONG_PASSWORD },
    });
    expect(pending.status).toBe(401);
    expect(withoutId(pending.text)).toBe(withoutId(unknown.text));

    const code = codeIn(mail!);
    const first = await confirmSignUp({ email, code, password: STRONG_PASSWORD });
    expect(first.status).toBe(201);
    const me = await api('GET', '/api/auth/me', { token: first.body.access_token });
    expect(me.body).toMatchObject({ email, first_name: 'Prober', role: 'USER' });
    await expect(signIn(email, STRONG_PASSWORD)).resolves.toMatchObject({ userId: first.body.user.id });

    const again = await confirmSignUp(
      { email, code, password: 'Second-Pass-2' },
      { 'accept-language': 'fr' },
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('body.code');
    expect(JSON.stringify(again.body)).toContain('déjà utilisé');
    await expect(signIn(email, 'Second-Pass-2')).rejects.toThrow(/401/);
  });

  it('answers a wrong code and an unknown address with the same 400 naming body.code, in Spanish', async () => {
    const email = uniqueEmail('wrong');
    await startSignUp(email);
    const [mail] = await waitForMails(email);
    const wrong = otherThan(codeIn(mail!));
    const spanish = { 'accept-language': 'es' };

    const wrongCode = await confirmSignUp({ email, code: wrong, password: STRONG_PASSWORD }, spanish);
    const unknown = await confirmSignUp(
      { email: uniqueEmail('nobody'), code: wrong, password: STRONG_PASSWORD },
      spanish,
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      issues: [
        {
          path: 'body.code',
          message: 'Código: este código es incorrecto, ha caducado o ya se ha usado. Solicite uno nuevo.',
        },
      ],
    });
    // Same bytes but the request id.
    expect(withoutId(unknown.text)).toBe(withoutId(wrongCode.text));
    await expect(signIn(email, STRONG_PASSWORD)).rejects.toThrow(/401/);
  });

  it('gives a pending address to whoever asks again: the first code stops working, the second sets the password', async () => {
    const email = uniqueEmail('squatted');
    await startSignUp(email, 'Squatter-Pass-1');
    const [squatterMail] = await waitForMails(email);
    await startSignUp(email, 'Owner-Pass-1');
    const mails = await waitForMails(email, 2);
    const squatterCode = codeIn(squatterMail!);
    const ownerCode = codeIn(mails[1]!);

    if (squatterCode !== ownerCode) {
      const squatted = await confirmSignUp({ email, code: squatterCode, password: 'Squatter-Pass-1' });
      expect(squatted.status).toBe(400);
    }
    const owned = await confirmSignUp({ email, code: ownerCode, password: 'Owner-Pass-1' });
    expect(owned.status).toBe(201);
    await expect(signIn(email, 'Squatter-Pass-1')).rejects.toThrow(/401/);
  });

  it(`allows ${MAIL_CODE_RULES.requestsPerAddressPerHour} sign-ups per address and hour, then a 429 with Retry-After, known or not`, async () => {
    const known = await signUpInvestor('Limited');
    // signUpInvestor used one of the known address's requests.
    const cases: [string, number][] = [
      [known.email, MAIL_CODE_RULES.requestsPerAddressPerHour - 1],
      [uniqueEmail('nobody'), MAIL_CODE_RULES.requestsPerAddressPerHour],
    ];
    for (const [address, allowed] of cases) {
      for (let index = 0; index < allowed; index += 1) expect((await startSignUp(address)).status).toBe(202);
      const refused = await startSignUp(address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
  });
});
