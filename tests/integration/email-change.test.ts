import { describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { api, signIn, signUpInvestor, STRONG_PASSWORD, uniqueEmail, type SignedInUser } from '../src/api';
import { codeIn, mailsTo, waitForMails, type ReceivedMail } from '../src/mail-inbox';

/*
 * E-mail change on the real local stack (docs/accounts.md "E-mail change"): it needs the current
 * password, the old address is told and can undo the change for 7 days, the answer does not tell
 * whether the new address has an account, and two accounts moving to one address cannot both get it.
 */

const routes = contract.auth;
type Issues = { issues?: { path: string; message?: string }[]; email?: string };

const askChange = (user: SignedInUser, body: object, language = 'en') =>
  api<Issues>(routes.requestEmailChange.method, routes.requestEmailChange.path, {
    token: user.token,
    body,
    headers: { 'accept-language': language },
  });
const confirmChange = (user: SignedInUser, code: string) =>
  api<Issues>(routes.confirmEmailChange.method, routes.confirmEmailChange.path, {
    token: user.token,
    body: { code },
  });
const me = (user: SignedInUser) => api<{ email: string }>('GET', routes.me.path, { token: user.token });
const pathsOf = (body: Issues) => body.issues?.map((issue) => issue.path);
/** The signed undo token in the link of the mail to the old address. */
const undoTokenIn = (mail: ReceivedMail) => /token=([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)?.[1] ?? '';

describe('e-mail change needs the current password', () => {
  it('refuses a missing or wrong password with a 400 naming body.current_password, in the caller language, mailing nobody', async () => {
    const user = await signUpInvestor('Thief');
    const target = uniqueEmail('thief');

    const missing = await askChange(user, { new_email: target });
    const wrong = await askChange(user, { new_email: target, current_password: 'Not-It-123' }, 'es');

    expect(missing.status).toBe(400);
    expect(pathsOf(missing.body)).toEqual(['body.current_password']);
    expect(wrong.status).toBe(400);
    expect(pathsOf(wrong.body)).toEqual(['body.current_password']);
    expect(wrong.text).toContain('contraseña actual');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(target)).toHaveLength(0);
    expect((await me(user)).body.email).toBe(user.email);
  });

  it('tells the old address in its language once the change takes effect, and its link undoes it: old address back, sessions ended, reset possible', async () => {
    const user = await signUpInvestor('Victim');
    await api('PATCH', routes.updateMe.path, { token: user.token, body: { language: 'fr' } });
    const target = uniqueEmail('moved');

    const asked = await askChange(user, { new_email: target, current_password: user.password });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ accepted: true });
    const [codeMail] = await waitForMails(target);
    expect((await confirmChange(user, codeIn(codeMail!))).status).toBe(200);

    // The sign-up code, then the notice of the change, in French, with the undo link.
    const notice = (await waitForMails(user.email, 2))[1]!;
    expect(notice.subject).toContain('adresse e-mail');
    expect(notice.text).toContain(target);
    const token = undoTokenIn(notice);
    expect(token).not.toBe('');

    const badUndo = await api<Issues>(routes.undoEmailChange.method, routes.undoEmailChange.path, {
      body: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(badUndo.status).toBe(400);
    expect(pathsOf(badUndo.body)).toEqual(['body.token']);

    const undone = await api<Issues>(routes.undoEmailChange.method, routes.undoEmailChange.path, {
      body: { token },
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ restored: true, email: user.email });
    // The session that made the change is over; the old address signs in again, the new one does not.
    expect((await me(user)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(signIn(target, STRONG_PASSWORD)).rejects.toThrow(/401/);
    const back = await signIn(user.email, STRONG_PASSWORD);
    expect(back.userId).toBe(user.userId);
    expect((await me(back)).body.email).toBe(user.email);
    // The owner can reset the password at the old address.
    const reset = await api(routes.requestPasswordReset.method, routes.requestPasswordReset.path, {
      body: { email: user.email },
    });
    expect(reset.status).toBe(200);
    const resetMail = await waitForMails(user.email, 3);
    expect(resetMail[2]?.subject).toMatch(/mot de passe/);

    // The same link cannot be used twice.
    const again = await api(routes.undoEmailChange.method, routes.undoEmailChange.path, { body: { token } });
    expect(again.status).toBe(400);
  });
});

describe('e-mail change does not tell which addresses have an account', () => {
  it('answers a taken and a free address alike; the taken one gets a notice and no code', async () => {
    const mover = await signUpInvestor('Prober');
    const owner = await signUpInvestor('Owner');
    const free = uniqueEmail('free');

    const taken = await askChange(mover, { new_email: owner.email, current_password: mover.password });
    const open = await askChange(mover, { new_email: free, current_password: mover.password });

    expect(taken.status).toBe(open.status);
    expect(taken.text).toBe(open.text);
    const [notice] = (await waitForMails(owner.email, 2)).slice(1);
    expect(notice?.subject).toBe('Someone tried to move a Nugget Invest account to your address');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(codeIn((await waitForMails(free))[0]!)).toMatch(/^\d{6}$/);
  });

  it('reads a taken address typed in another case as taken: a notice to its owner, never a code (issue 46)', async () => {
    const mover = await signUpInvestor('Caser');
    const owner = await signUpInvestor('Cased');

    const asked = await askChange(mover, {
      new_email: owner.email.toUpperCase(),
      current_password: mover.password,
    });

    expect(asked.status).toBe(202);
    const [notice] = (await waitForMails(owner.email, 2)).slice(1);
    expect(notice?.subject).toBe('Someone tried to move a Nugget Invest account to your address');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('two accounts moving to one address', () => {
  it('lets exactly one of two parallel confirmations take the address; the other keeps its own and can sign in', async () => {
    const first = await signUpInvestor('RaceA');
    const second = await signUpInvestor('RaceB');
    const target = uniqueEmail('contested');

    expect((await askChange(first, { new_email: target, current_password: first.password })).status).toBe(
      202,
    );
    expect((await askChange(second, { new_email: target, current_password: second.password })).status).toBe(
      202,
    );
    const [firstCode, secondCode] = (await waitForMails(target, 2)).map(codeIn);

    const answers = await Promise.all([confirmChange(first, firstCode!), confirmChange(second, secondCode!)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loserIndex = answers.findIndex((answer) => answer.status === 400);
    expect(pathsOf(answers[loserIndex]!.body)).toEqual(['body.code']);

    const winner = loserIndex === 0 ? second : first;
    const loser = loserIndex === 0 ? first : second;
    expect((await signIn(target, STRONG_PASSWORD)).userId).toBe(winner.userId);
    expect((await signIn(loser.email, STRONG_PASSWORD)).userId).toBe(loser.userId);
    expect((await me(loser)).body.email).toBe(loser.email);
  });
});
