import { describe, expect, it } from 'vitest';
import { RateLimitedError, ServiceUnavailableError, ValidationError } from '../platform/errors';
import { confirmPasswordReset, requestPasswordReset } from './mail-code-service';
import { ADA, codeOf, fakeDeps, recordCalls } from '../testing/mail-code.test-support';

const NEW = 'Nugget-New-9';

describe('password reset by e-mailed code', () => {
  it('mails the code in the language of the interface that asked; the code sets the password once', async () => {
    const { deps, mailed, passwords } = fakeDeps();
    expect(await requestPasswordReset(ADA.email, 'fr', deps)).toEqual({ accepted: true });
    expect(mailed[0]?.subject).toBe('Votre code de réinitialisation du mot de passe Nugget Invest');
    const code = codeOf(mailed[0]);
    await confirmPasswordReset({ email: ADA.email, code, new_password: NEW }, deps);
    expect(passwords.get(ADA.id)).toBe(NEW);
    await expect(
      confirmPasswordReset({ email: ADA.email, code, new_password: 'X' }, deps),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('writes in Spanish to a French-profile user who asked from the Spanish interface (issue 46)', async () => {
    const { deps, mailed } = fakeDeps();

    await requestPasswordReset(ADA.email, 'es', deps);

    expect(ADA.language).toBe('fr');
    expect(mailed.map((mail) => [mail.to, mail.subject])).toEqual([
      [ADA.email, 'Su código para restablecer la contraseña de Nugget Invest'],
    ]);
  });

  it('writes in the profile language when the request names none (an API call without Accept-Language)', async () => {
    const { deps, mailed } = fakeDeps();

    await requestPasswordReset(ADA.email, null, deps);

    expect(mailed.map((mail) => mail.subject)).toEqual([
      'Votre code de réinitialisation du mot de passe Nugget Invest',
    ]);
  });

  it('answers an unknown address exactly as a known one and mails nothing', async () => {
    const { deps, mailed } = fakeDeps();
    expect(await requestPasswordReset('nobody@example.test', 'fr', deps)).toEqual(
      await requestPasswordReset(ADA.email, 'fr', deps),
    );
    expect(mailed.map((mail) => mail.to)).toEqual([ADA.email]);
  });

  it('makes the same store calls and exactly one enqueue for a known and an unknown address, and never mails in the request', async () => {
    const known = fakeDeps();
    const unknown = fakeDeps();
    const knownCalls = recordCalls({
      users: known.deps.users,
      codes: known.deps.codes,
      queue: known.deps.mailQueue,
    });
    const unknownCalls = recordCalls({
      users: unknown.deps.users,
      codes: unknown.deps.codes,
      queue: unknown.deps.mailQueue,
    });
    const requestMailer = { send: async () => Promise.reject(new Error('no mail server in a request')) };
    known.deps.mailer = requestMailer;
    unknown.deps.mailer = requestMailer;

    await requestPasswordReset(ADA.email, 'fr', known.deps);
    await requestPasswordReset('nobody@example.test', 'fr', unknown.deps);

    const expected = ['codes.countRequest(RESET)', 'users.findByEmail', 'codes.save(RESET)', 'queue.enqueue'];
    expect(knownCalls).toEqual(expected);
    expect(unknownCalls).toEqual(expected);
    expect(known.queued.map((mail) => mail.kind)).toEqual(['send']);
    expect(unknown.queued).toEqual([{ kind: 'drop' }]);
  });

  it('refuses the fourth request of the hour with the seconds left in it', async () => {
    const { deps } = fakeDeps();
    for (let index = 0; index < 3; index += 1) await requestPasswordReset(ADA.email, 'fr', deps);
    const refused = requestPasswordReset(ADA.email, 'fr', deps);
    // 08:50:00 -> 10 minutes to 09:00 = 600 s.
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ headers: { 'Retry-After': '600' } });
  });

  it('refuses a code after its 15 minutes, and kills it after 5 wrong tries', async () => {
    const expired = fakeDeps();
    await requestPasswordReset(ADA.email, 'fr', expired.deps);
    expired.advance(15 * 60 * 1000);
    await expect(
      confirmPasswordReset(
        { email: ADA.email, code: codeOf(expired.mailed[0]), new_password: NEW },
        expired.deps,
      ),
    ).rejects.toBeInstanceOf(ValidationError);

    const guessed = fakeDeps();
    await requestPasswordReset(ADA.email, 'fr', guessed.deps);
    const right = codeOf(guessed.mailed[0]);
    const wrong = right === '999999' ? '999998' : '999999';
    for (let index = 0; index < 5; index += 1)
      await expect(
        confirmPasswordReset({ email: ADA.email, code: wrong, new_password: NEW }, guessed.deps),
      ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      confirmPasswordReset({ email: ADA.email, code: right, new_password: NEW }, guessed.deps),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(guessed.passwords.size).toBe(0);
  });
});

describe('reset when the mail cannot go out', () => {
  it('answers accepted whatever the mail server does: the request never waits for it', async () => {
    const { deps, queued } = fakeDeps();
    deps.mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    expect(await requestPasswordReset(ADA.email, 'fr', deps)).toEqual({ accepted: true });
    expect(queued).toHaveLength(1);
  });

  it('answers a 503 for a known and an unknown address alike when the queue is down', async () => {
    const { deps } = fakeDeps();
    deps.mailQueue = { enqueue: async () => Promise.reject(new Error('queue down')) };
    await expect(requestPasswordReset(ADA.email, 'fr', deps)).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(requestPasswordReset('nobody@example.test', 'fr', deps)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
