import { describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api';
import { api } from '../src/api';
import { totp } from '../src/totp';
import { investorWithTotp, waitForRoomInStep } from '../src/totp-enrolment';

/**
 * docs/accounts.md "Two-step sign-in (TOTP)": an authenticator code signs in once. The identity service
 * accepts a code for its step and one step either side; the API refuses a second sign-in with the same
 * code, or with any code of the same or an earlier step, with the same error as a wrong code.
 */

const routes = contract.auth;
type LoginBody = { access_token?: string; message_code?: string; issues?: { path: string }[] };

const withoutRequestId = (body: unknown) => {
  const { request_id: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
};

describe('authenticator codes work once', () => {
  it('refuses the same code a second and a third time, exactly as a wrong code', async () => {
    const { secret, ...user } = await investorWithTotp('TotpOnce');
    const login = (code: string) =>
      api<LoginBody>('POST', routes.login.path, {
        body: { email: user.email, password: user.password, totp_code: code },
        headers: { 'accept-language': 'fr' },
      });
    await waitForRoomInStep();
    const code = totp(secret);
    // Six digits that are not the code (RFC 6238 never gives the same code to every step around now).
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const first = await login(code);
    const second = await login(code);
    const third = await login(code);
    const wrong = await login(wrongCode);

    expect(first.status).toBe(200);
    expect(first.body.access_token).toEqual(expect.any(String));
    expect([second.status, third.status]).toEqual([400, 400]);
    expect(second.text).toContain('AUTH_TOTP_CODE_WRONG');
    expect(second.body.issues?.map((issue) => issue.path)).toEqual(['body.totp_code']);
    expect(withoutRequestId(second.body)).toEqual(withoutRequestId(wrong.body));
    expect(withoutRequestId(third.body)).toEqual(withoutRequestId(wrong.body));
  });

  it('refuses a code of the previous step once a code was used in this one', async () => {
    const { secret, ...user } = await investorWithTotp('TotpEarlier');
    const login = (code: string) =>
      api<LoginBody>('POST', routes.login.path, {
        body: { email: user.email, password: user.password, totp_code: code },
      });
    await waitForRoomInStep();
    const now = Date.now();
    const current = totp(secret, now);
    // The identity service still accepts the previous step's code (30 s of tolerance either side).
    const previous = totp(secret, now - 30_000);

    const withCurrent = await login(current);
    const withPrevious = await login(previous);

    expect(withCurrent.status).toBe(200);
    expect(withPrevious.status).toBe(400);
    expect(withPrevious.text).toContain('AUTH_TOTP_CODE_WRONG');
  });
});
