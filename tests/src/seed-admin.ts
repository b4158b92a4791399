import { SEED_ADMIN } from '@app/infra/local/seed-data';
import type { SignedInUser } from './api';
import { msLeftInStep, totp } from './totp';

/*
 * docs/accounts.md "Two-step sign-in (TOTP)": the API signs a user in with an authenticator code at most
 * once per 30-second step, whichever code is sent (it cannot tell which step a code was made for, only
 * when it was accepted: functions/src/data/totp-steps-repository.ts). Suites that each signed the seeded
 * admin in waited up to 30 s whenever two sign-ins fell in one step, so the global setup signs it in once
 * for the run and hands the session to every suite (`inject('stack').seedAdminSession`); only the suite
 * about the admin's sign-in itself signs in again.
 */

type LoginAnswer = { access_token?: string; id_token?: string; user?: { id: string } };

/**
 * Signs the seeded admin in over the API with the password and its current authenticator code. When the
 * code is refused as used (another sign-in of this admin in this step), the next step's code is tried.
 */
export async function signInSeedAdminWithCode(webUrl: string, totpSecret: string): Promise<SignedInUser> {
  const credentials = { email: SEED_ADMIN.email, password: SEED_ADMIN.password };
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(new URL('/api/auth/login', webUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, totp_code: totp(totpSecret) }),
    });
    const text = await response.text();
    if (response.status !== 200 && attempt < 5 && text.includes('AUTH_TOTP_CODE_WRONG')) {
      await new Promise((resolve) => setTimeout(resolve, msLeftInStep() + 200));
      continue;
    }
    if (response.status !== 200) throw new Error(`seeded admin login failed: ${response.status} ${text}`);
    const body = JSON.parse(text) as LoginAnswer;
    return {
      userId: body.user?.id as string,
      ...credentials,
      token: body.access_token as string,
      idToken: body.id_token as string,
    };
  }
}
