import { describe, expect, it } from 'vitest';
import type { UsersRepository, StoredUser } from '../data/users-repository';
import { RateLimitedError } from '../platform/errors';
import type { AuthDeps } from './auth-service';
import { EmailTakenError, type CognitoGateway } from './cognito-gateway';
import { ADA, codeOf, fakeDeps, recordCalls } from '../testing/mail-code.test-support';
import { confirmSignUp, startSignUp, type SignUpDeps } from './sign-up-service';

const PASSWORD = 'Nugget-Sign-1';
const NEW_ADDRESS = 'paz@example.test';

/** The user pool as a map of address to password; the profile store is the mail fakes' users. */
function signUpDeps() {
  const mail = fakeDeps();
  const pool = new Map<string, { sub: string; password: string }>([
    [ADA.email, { sub: ADA.id, password: 'Ada-Lovelace-1' }],
  ]);
  const cognito = {
    createUser: async (email: string, password: string) => {
      if (pool.has(email)) throw new EmailTakenError(email);
      const sub = `sub-${pool.size}`;
      pool.set(email, { sub, password });
      return sub;
    },
    signIn: async (email: string) => ({
      accessToken: `access-${email}`,
      idToken: 'id',
      refreshToken: undefined,
      expiresIn: 3600,
    }),
    emailOf: async (username: string) => (pool.has(username) ? username : null),
  } as unknown as CognitoGateway;
  const users = {
    ...mail.deps.users,
    create: async (user: StoredUser) => {
      mail.users.set(user.id, user);
      return user;
    },
  } as unknown as UsersRepository;
  const auth: AuthDeps = { users, cognito, now: mail.deps.now };
  const deps: SignUpDeps = { auth, mailCodes: mail.deps };
  return { ...mail, deps, pool };
}

const registration = (email: string, language?: 'en' | 'fr' | 'es') => ({
  email,
  password: PASSWORD,
  first_name: 'Paz',
  last_name: 'Vega',
  ...(language ? { language } : {}),
});

const WRONG_CODE = { issues: [{ path: 'body.code' }] };

describe('sign-up confirmed by e-mail', () => {
  it('answers a new and a known address alike; the new one gets a code in its language, the known one a notice in its own', async () => {
    const { deps, mailed, pool, codes } = signUpDeps();
    const fresh = await startSignUp(registration(NEW_ADDRESS, 'es'), 'en', deps);
    const known = await startSignUp(registration(ADA.email, 'es'), 'en', deps);
    expect(JSON.stringify(known)).toBe(JSON.stringify(fresh));
    expect(mailed.map((mail) => [mail.to, mail.subject])).toEqual([
      [NEW_ADDRESS, 'Su código de registro en Nugget Invest'],
      // Ada's profile is in French: the notice follows the account, not the form.
      [ADA.email, "Quelqu'un a essayé de créer un compte Nugget Invest avec votre adresse"],
    ]);
    expect(codeOf(mailed[1])).toBe('');
    // Nothing in the pool until the code comes back; Ada's account untouched; no password stored.
    expect([...pool.keys()]).toEqual([ADA.email]);
    expect(pool.get(ADA.email)?.password).toBe('Ada-Lovelace-1');
    expect(JSON.stringify([...codes.values()])).not.toContain(PASSWORD);
    // Both addresses get a pending row (the same work); the known one's code is never mailed.
    expect(codes.size).toBe(2);
  });

  it('creates and signs in the account with the code, once; the first step decides name and language', async () => {
    const { deps, mailed, pool, users } = signUpDeps();
    await startSignUp(registration(NEW_ADDRESS, 'fr'), 'en', deps);
    const code = codeOf(mailed[0]);
    const signedIn = await confirmSignUp({ email: NEW_ADDRESS, code, password: PASSWORD }, deps);
    expect(signedIn.access_token).toBe(`access-${NEW_ADDRESS}`);
    expect(signedIn.user).toMatchObject({
      email: NEW_ADDRESS,
      first_name: 'Paz',
      last_name: 'Vega',
      language: 'fr',
      role: 'USER',
      subscription_tier: 'FREE',
    });
    expect(pool.get(NEW_ADDRESS)?.password).toBe(PASSWORD);
    expect(users.get(signedIn.user.id)?.email).toBe(NEW_ADDRESS);
    await expect(confirmSignUp({ email: NEW_ADDRESS, code, password: PASSWORD }, deps)).rejects.toMatchObject(
      WRONG_CODE,
    );
  });

  it('refuses an unknown address exactly as a wrong code', async () => {
    const { deps, mailed } = signUpDeps();
    await startSignUp(registration(NEW_ADDRESS), 'en', deps);
    const wrong = codeOf(mailed[0]) === '123456' ? '654321' : '123456';
    const wrongCode = await confirmSignUp(
      { email: NEW_ADDRESS, code: wrong, password: PASSWORD },
      deps,
    ).catch((error: unknown) => error);
    const unknown = await confirmSignUp(
      { email: 'nobody@example.test', code: wrong, password: PASSWORD },
      deps,
    ).catch((error: unknown) => error);
    expect(wrongCode).toMatchObject(WRONG_CODE);
    expect(unknown).toEqual(wrongCode);
  });

  it('gives a still-pending address to whoever asks again: the earlier code stops working', async () => {
    const { deps, mailed, pool } = signUpDeps();
    await startSignUp(registration(NEW_ADDRESS), 'en', deps);
    await startSignUp({ ...registration(NEW_ADDRESS), first_name: 'Owner' }, 'en', deps);
    const [squatter, owner] = mailed.map(codeOf);
    if (squatter !== owner)
      await expect(
        confirmSignUp({ email: NEW_ADDRESS, code: squatter ?? '', password: 'Squat-ter-1' }, deps),
      ).rejects.toMatchObject(WRONG_CODE);
    const signedIn = await confirmSignUp({ email: NEW_ADDRESS, code: owner ?? '', password: PASSWORD }, deps);
    expect(signedIn.user.first_name).toBe('Owner');
    expect(pool.get(NEW_ADDRESS)?.password).toBe(PASSWORD);
  });

  it('notices an account made outside the API (no profile yet) as known', async () => {
    const { deps, mailed, pool } = signUpDeps();
    pool.set('seed@example.test', { sub: 'seed', password: 'Seed-pass-1' });
    await startSignUp(registration('seed@example.test'), 'es', deps);
    expect(mailed[0]?.subject).toBe('Alguien intentó crear una cuenta de Nugget Invest con su dirección');
  });

  it('makes the same store and pool calls and exactly one enqueue for a known and a new address, mailing nothing in the request', async () => {
    const known = signUpDeps();
    const fresh = signUpDeps();
    const callsOf = (setup: ReturnType<typeof signUpDeps>) => {
      setup.deps.mailCodes.mailer = {
        send: async () => Promise.reject(new Error('no mail server in a request')),
      };
      return recordCalls({
        users: setup.deps.auth.users,
        pool: setup.deps.auth.cognito,
        codes: setup.deps.mailCodes.codes,
        queue: setup.deps.mailCodes.mailQueue,
      });
    };
    const knownCalls = callsOf(known);
    const freshCalls = callsOf(fresh);

    await startSignUp(registration(ADA.email, 'es'), 'en', known.deps);
    await startSignUp(registration(NEW_ADDRESS, 'es'), 'en', fresh.deps);

    const expected = [
      'codes.countRequest(SIGNUP)',
      'users.findByEmail',
      'pool.emailOf',
      'codes.save(SIGNUP)',
      'queue.enqueue',
    ];
    expect(knownCalls).toEqual(expected);
    expect(freshCalls).toEqual(expected);
    expect(known.queued).toHaveLength(1);
    expect(fresh.queued).toHaveLength(1);
  });

  it('limits each address to 3 requests an hour, known or not', async () => {
    const { deps } = signUpDeps();
    for (const address of [NEW_ADDRESS, ADA.email]) {
      for (let index = 0; index < 3; index += 1) await startSignUp(registration(address), 'en', deps);
      await expect(startSignUp(registration(address), 'en', deps)).rejects.toBeInstanceOf(RateLimitedError);
    }
  });
});
