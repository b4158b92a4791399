import { MAIL_CODE_RULES, type PasswordResetConfirm } from '@app/shared/domain/entities/mail';
import type { User } from '@app/shared/domain/entities/user';
import { message, type Message } from '@app/shared/messages/message';
import type { CodePurpose, MailCodesRepository, StoredCode } from '../data/mail-codes-repository';
import type { UsersRepository } from '../data/users-repository';
import { hashAddress, hashMailCode, newMailCode, sameDigest } from '../notifications/mail-code';
import { RecipientRejectedError, type Mailer } from '../platform/mail/mailer';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  fieldError,
} from '../platform/errors';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';

/*
 * Password reset and e-mail change by e-mailed code (docs/product.md "Accounts and e-mail"). The same
 * code runs locally and in the cloud: the auth area draws the code, stores only its HMAC, mails it
 * through the product's Mailer in the user's language, and on confirmation sets the password or the
 * address in the user pool with the admin API (auth/README.md says why not Cognito's ForgotPassword).
 */

export interface MailCodeDeps {
  users: Pick<UsersRepository, 'get' | 'findByEmail' | 'updateEmail'>;
  codes: MailCodesRepository;
  mailer: Mailer;
  identity: {
    setPassword(userId: string, password: string): Promise<void>;
    setEmail(userId: string, email: string): Promise<void>;
  };
  /** Ends every session of the account (session-revocation.ts): a reset password ends them all. */
  endSessions: (userId: string) => Promise<unknown>;
  secret: string;
  now: () => Date;
}

const ACCEPTED = { accepted: true } as const;

function hourOf(now: Date): { hour: string; secondsLeft: number } {
  const secondsIntoHour = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  return { hour: now.toISOString().slice(0, 13), secondsLeft: Math.max(1, 3600 - secondsIntoHour) };
}

/** Counts the request against the address's hour; a 429 with the seconds left once the limit is reached. */
export async function countRequest(purpose: CodePurpose, address: string, deps: MailCodeDeps): Promise<void> {
  const now = deps.now();
  const { hour, secondsLeft } = hourOf(now);
  const counted = await deps.codes.countRequest(
    purpose,
    hashAddress(deps.secret, address),
    hour,
    MAIL_CODE_RULES.requestsPerAddressPerHour,
    Math.floor(now.getTime() / 1000),
  );
  if (!counted) throw new RateLimitedError(secondsLeft);
}

/** Mails one text in the reader's language; a refused recipient stays itself, any other failure is a 503. */
export async function mailInLanguage(
  mail: { to: string; language: User['language']; subject: Message; body: Message },
  deps: Pick<MailCodeDeps, 'mailer'>,
): Promise<void> {
  try {
    await deps.mailer.send({
      to: mail.to,
      subject: render(mail.subject, mail.language),
      text: render(mail.body, mail.language),
    });
  } catch (error: unknown) {
    if (error instanceof RecipientRejectedError) throw error;
    throw new ServiceUnavailableError();
  }
}

/** Draws a code, mails it, then stores its HMAC under `owner` (a user's id, or an address hash for a sign-up). */
export async function issueCode(
  owner: string,
  purpose: CodePurpose,
  mail: { to: string; language: User['language']; subject: Message; body: (code: string) => Message },
  deps: MailCodeDeps,
  extra: Pick<StoredCode, 'new_email' | 'sign_up' | 'expires_at'> = {},
): Promise<void> {
  const code = newMailCode();
  const validUntil = Math.floor(deps.now().getTime() / 1000) + MAIL_CODE_RULES.ttlMinutes * 60;
  // Mailed first: an address the mail server refuses leaves no pending code behind.
  await mailInLanguage({ ...mail, body: mail.body(code) }, deps);
  await deps.codes.save(owner, purpose, {
    code_hash: hashMailCode(deps.secret, purpose, owner, code),
    valid_until: validUntil,
    ...extra,
  });
}

/**
 * Mails a reset code when an account has the address. Known or not, the answer is the same and the
 * request counts against the address's hourly limit, so neither the body nor a 429 tells them apart.
 */
export async function requestPasswordReset(email: string, deps: MailCodeDeps): Promise<typeof ACCEPTED> {
  await countRequest('RESET', email, deps);
  const user = await deps.users.findByEmail(email);
  if (!user) return ACCEPTED;
  try {
    await issueCode(
      user.id,
      'RESET',
      {
        to: user.email,
        language: user.language,
        subject: message('MAIL_RESET_SUBJECT'),
        body: (code) => message('MAIL_RESET_BODY', { code, minutes: MAIL_CODE_RULES.ttlMinutes }),
      },
      deps,
    );
  } catch (error: unknown) {
    // Answered alike even when the mail cannot go out: another answer would tell that the account exists.
    logger.warn('reset code not mailed', { error: error instanceof Error ? error.message : String(error) });
  }
  return ACCEPTED;
}

/** A recipient the mail server refuses is the caller's field: a 400 naming it, nothing stored. */
export async function issueCodeOrNameField(
  path: string,
  field: string,
  issue: () => Promise<void>,
): Promise<void> {
  try {
    await issue();
  } catch (error: unknown) {
    if (error instanceof RecipientRejectedError)
      throw fieldError(path, message('FIELD_NOT_EMAIL', { field }));
    throw error;
  }
}

export const invalidCode = () => fieldError('body.code', message('MAIL_CODE_INVALID', { field: 'code' }));

/** Checks a code and uses it up; every failure is the same 400 naming the code (no enumeration). */
export async function useCode(userId: string, purpose: CodePurpose, code: string, deps: MailCodeDeps) {
  const stored = await deps.codes.get(userId, purpose);
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  if (!stored || stored.valid_until <= nowSeconds) throw invalidCode();
  const hash = hashMailCode(deps.secret, purpose, userId, code);
  if (!sameDigest(hash, stored.code_hash)) {
    await deps.codes.recordWrongAttempt(userId, purpose, MAIL_CODE_RULES.maxAttempts);
    throw invalidCode();
  }
  if (!(await deps.codes.consume(userId, purpose, hash, nowSeconds))) throw invalidCode();
  return stored;
}

export async function confirmPasswordReset(
  payload: PasswordResetConfirm,
  deps: MailCodeDeps,
): Promise<{ reset: true }> {
  const user = await deps.users.findByEmail(payload.email);
  if (!user) throw invalidCode();
  await useCode(user.id, 'RESET', payload.code, deps);
  await deps.identity.setPassword(user.id, payload.new_password);
  await deps.endSessions(user.id);
  return { reset: true };
}

/** Mails a code to the new address; the account keeps its address until the code comes back. */
export async function requestEmailChange(
  userId: string,
  newEmail: string,
  deps: MailCodeDeps,
): Promise<typeof ACCEPTED> {
  const user = await deps.users.get(userId);
  if (!user) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  await countRequest('EMAIL', user.email, deps);
  const owner = await deps.users.findByEmail(newEmail);
  if (owner) throw new ConflictError(message('AUTH_EMAIL_TAKEN'));
  await issueCodeOrNameField('body.new_email', 'new_email', () =>
    issueCode(
      user.id,
      'EMAIL',
      {
        to: newEmail,
        language: user.language,
        subject: message('MAIL_EMAIL_CHANGE_SUBJECT'),
        body: (code) => message('MAIL_EMAIL_CHANGE_BODY', { code, minutes: MAIL_CODE_RULES.ttlMinutes }),
      },
      deps,
      { new_email: newEmail },
    ),
  );
  return ACCEPTED;
}

export async function confirmEmailChange(userId: string, code: string, deps: MailCodeDeps) {
  const stored = await useCode(userId, 'EMAIL', code, deps);
  const newEmail = stored.new_email;
  if (!newEmail) throw invalidCode();
  if (await deps.users.findByEmail(newEmail)) throw new ConflictError(message('AUTH_EMAIL_TAKEN'));
  await deps.identity.setEmail(userId, newEmail);
  const updated = await deps.users.updateEmail(userId, newEmail);
  if (!updated) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  return updated;
}
