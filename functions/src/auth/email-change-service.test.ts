import { describe, expect, it } from 'vitest';
import type { AddressMove, EmailClaimsRepository } from '../data/email-claims-repository';
import type { StoredUser } from '../data/users-repository';
import { ServiceUnavailableError } from '../platform/errors';
import { RecipientRejectedError } from '../platform/mail/transport';
import { SecondFactorRequiredError, WrongCredentialsError } from './cognito-gateway';
import {
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
  type EmailChangeDeps,
} from './email-change-service';
import { ADA, codeOf, fakeDeps } from '../testing/mail-code.test-support';

const PASSWORD = 'Ada-Lovelace-1';
const NEW = 'ada.new@example.test';
const BOB = { id: 'u-bob', email: 'bob@example.test', language: 'es' } as StoredUser;
const DAY = 86_400;

/**
 * The service over in-memory neighbours that keep the real rules: the claim store refuses an address
 * another account holds (unless its hold has passed) and a profile that no longer has `from`.
 */
function setup(options: { staleReads?: boolean; totp?: boolean } = {}) {
  const base = fakeDeps();
  base.users.set(BOB.id, { ...BOB });
  const holds = new Map<string, { userId: string; until: number }>();
  const moves: AddressMove[] = [];
  const poolEmails = new Map<string, string>([
    [ADA.id, ADA.email],
    [BOB.id, BOB.email],
  ]);
  const claims: EmailClaimsRepository = {
    move: async (move) => {
      moves.push(move);
      const hold = holds.get(move.to.toLowerCase());
      if (hold && hold.userId !== move.userId && hold.until >= move.nowSeconds) return 'taken';
      const user = base.users.get(move.userId);
      if (!user || user.email !== move.from) return 'changed';
      holds.set(move.to.toLowerCase(), { userId: move.userId, until: move.holdToUntil });
      holds.set(move.from.toLowerCase(), { userId: move.userId, until: move.holdFromUntil });
      user.email = move.to;
      return 'moved';
    },
  };
  const deps: EmailChangeDeps = {
    ...base.deps,
    users: {
      ...base.deps.users,
      findByEmail: async (email) => (options.staleReads ? null : base.deps.users.findByEmail(email)),
    },
    identity: {
      ...base.deps.identity,
      setEmail: async (userId, email) => void poolEmails.set(userId, email),
    },
    claims,
    cognito: {
      signIn: async (email, password) => {
        if (password !== PASSWORD) throw new WrongCredentialsError(email);
        if (options.totp) throw new SecondFactorRequiredError(email);
        return { access_token: 'a', id_token: 'i', expires_in: 3600, secondFactor: false } as never;
      },
      emailOf: async (username) =>
        options.staleReads
          ? null
          : ([...poolEmails.values()].find((email) => email === username) ??
            poolEmails.get(username) ??
            null),
    },
    siteUrl: 'https://nugget.example/',
  };
  return { ...base, deps, holds, moves, poolEmails };
}

const undoTokenIn = (text: string) => /undo\?token=([\w-]+\.[\w-]+\.[\w-]+)/.exec(text)?.[1] ?? '';

describe('e-mail change needs the current password', () => {
  it('refuses a wrong password with a 400 naming body.current_password, mailing and storing nothing', async () => {
    const { deps, mailed, codes } = setup();
    await expect(
      requestEmailChange(ADA.id, { new_email: NEW, current_password: 'Not-It-123' }, deps),
    ).rejects.toMatchObject({ status: 400, issues: [{ path: 'body.current_password' }] });
    expect(mailed).toEqual([]);
    expect(codes.size).toBe(0);
  });

  it('accepts the right password of an account with a second factor (the session is already signed in)', async () => {
    const { deps, mailed } = setup({ totp: true });
    await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    expect(mailed.map((mail) => mail.to)).toEqual([NEW]);
  });

  it('counts wrong passwords against the hourly limit: the fourth try is a 429 even with the right one', async () => {
    const { deps } = setup();
    for (let index = 0; index < 3; index += 1)
      await expect(
        requestEmailChange(ADA.id, { new_email: NEW, current_password: `Wrong-${index}` }, deps),
      ).rejects.toMatchObject({ status: 400 });
    await expect(
      requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps),
    ).rejects.toMatchObject({ status: 429 });
  });
});

describe('a new address the mail server refuses', () => {
  it('is a 400 naming body.new_email, with no pending code', async () => {
    const { deps, codes } = setup();
    deps.mailer = { send: async (mail) => Promise.reject(new RecipientRejectedError(mail.to)) };
    await expect(
      requestEmailChange(ADA.id, { new_email: "a'b@x-.example", current_password: PASSWORD }, deps),
    ).rejects.toMatchObject({ status: 400, issues: [{ path: 'body.new_email' }] });
    expect(codes.size).toBe(0);
  });
});

describe('e-mail change answers alike for a taken and a free address', () => {
  it('mails a code to a free address and a notice without a code to a taken one, in its owner language', async () => {
    const { deps, mailed, codes } = setup();
    const free = await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    const taken = await requestEmailChange(
      ADA.id,
      { new_email: BOB.email, current_password: PASSWORD },
      deps,
    );

    expect(taken).toEqual(free);
    expect(mailed.map((mail) => mail.to)).toEqual([NEW, BOB.email]);
    expect(codeOf(mailed[0])).toMatch(/^\d{6}$/);
    expect(mailed[1]?.subject).toBe('Alguien intentó mover una cuenta de Nugget Invest a su dirección');
    expect(mailed[1]?.text).not.toMatch(/\d{6}/);
    // The pending change is still the free address's: the notice replaced no code.
    expect([...codes.values()].map((code) => code.new_email)).toEqual([NEW]);
  });
});

describe('confirmation, notice and undo', () => {
  it('moves the account, tells the old address in its language with a 7-day undo link, and the link moves it back once', async () => {
    const { deps, mailed, users, poolEmails, holds, endedSessions } = setup();
    await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    const updated = await confirmEmailChange(ADA.id, codeOf(mailed[0]), deps);

    expect(updated.email).toBe(NEW);
    expect(poolEmails.get(ADA.id)).toBe(NEW);
    const notice = mailed[1]!;
    expect(notice.to).toBe(ADA.email);
    expect(notice.subject).toBe("L'adresse e-mail de votre compte Nugget Invest a changé");
    expect(notice.text).toContain(NEW);
    expect(notice.text).toContain('https://nugget.example/email-change/undo?token=');
    const nowSeconds = Math.floor(deps.now().getTime() / 1000);
    expect(holds.get(ADA.email)).toEqual({ userId: ADA.id, until: nowSeconds + 7 * DAY });

    const token = undoTokenIn(notice.text);
    expect(await undoEmailChange(token, deps)).toEqual({ restored: true, email: ADA.email });
    expect(users.get(ADA.id)?.email).toBe(ADA.email);
    expect(poolEmails.get(ADA.id)).toBe(ADA.email);
    expect(endedSessions).toEqual([ADA.id]);
    // The address given up is free at once (its hold ends now).
    expect(holds.get(NEW)).toEqual({ userId: ADA.id, until: nowSeconds });

    await expect(undoEmailChange(token, deps)).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'body.token' }],
    });
  });

  it('refuses an altered, expired or foreign token with the same 400 naming body.token', async () => {
    const { deps, mailed, advance } = setup();
    await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    await confirmEmailChange(ADA.id, codeOf(mailed[0]), deps);
    const token = undoTokenIn(mailed[1]!.text);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;

    await expect(undoEmailChange(altered, deps)).rejects.toMatchObject({ issues: [{ path: 'body.token' }] });
    advance(7 * DAY * 1000 + 1000);
    await expect(undoEmailChange(token, deps)).rejects.toMatchObject({ issues: [{ path: 'body.token' }] });
  });
});

describe('two accounts confirming one address', () => {
  it('lets the claim decide when both reads saw the address free: the second is a 400 naming body.code', async () => {
    const { deps, mailed, users, poolEmails } = setup({ staleReads: true });
    await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    await requestEmailChange(BOB.id, { new_email: NEW, current_password: PASSWORD }, deps);
    const [adaCode, bobCode] = mailed.map(codeOf);

    await confirmEmailChange(ADA.id, adaCode!, deps);
    await expect(confirmEmailChange(BOB.id, bobCode!, deps)).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'body.code' }],
    });
    expect(users.get(BOB.id)?.email).toBe(BOB.email);
    expect(poolEmails.get(BOB.id)).toBe(BOB.email);
  });

  it('puts the profile back and answers 503 when the user pool refuses the new address', async () => {
    const { deps, mailed, users } = setup();
    deps.identity.setEmail = async () => Promise.reject(new Error('pool down'));
    await requestEmailChange(ADA.id, { new_email: NEW, current_password: PASSWORD }, deps);
    await expect(confirmEmailChange(ADA.id, codeOf(mailed[0]), deps)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(users.get(ADA.id)?.email).toBe(ADA.email);
  });
});
