import { MAIL_CODE_RULES, type PasswordResetConfirm } from '@app/shared/domain/entities/mail';
import type { User } from '@app/shared/domain/entities/user';
import { message, type Message } from '@app/shared/messages/message';
import type { CodePurpose, MailCodesRepository, StoredCode } from '../data/mail-codes-repository';
import type { UsersRepository } from '../data/users-repository';
import { hashAddress, hashMailCode, newMailCode, sameDigest } from '../notifications/mail-code';
import type { MailQueue } from '../notifications/mail-queue';
import { type Mailer } from '../platform/mail/mailer';
import { RecipientRejectedError } from '../platform/mail/transport';
import { AppError, RateLimitedError, ServiceUnavailableError, fieldError } from '../platform/errors';
import { render } from '../platform/messages';
import { logger } from '../platform/observability';

/*
 * Password reset and e-mail change by e-mailed code (docs/product.md "Accounts and e-mail"). The same
 * code runs locally and in the cloud: the auth area draws the code, stores only its HMAC, mails it
 * in the user's language, and on confirmation sets the password or the address in the user pool with
 * the admin API (notifications/README.md says why not Cognito's ForgotPassword). A reset, which must not
 * tell whether the address has an account, never talks to the mail server: it stores a code and puts
 * one message on the mail queue for every address (queueCode); an e-mail change, asked by a signed-in
 * user, mails at once through the Mailer.
 */

export interface MailCodeDeps {
  users: Pick<UsersRepository, 'get' | 'findByEmail' | 'updateEmail'>;
  codes: MailCodesRepository;
  mailer: Mailer;
  mailQueue: MailQueue;
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

/** A queued code's row outlives the code by a day at most, then the users table's TTL removes it. */
const QUEUED_CODE_ROW_SECONDS = MAIL_CODE_RULES.ttlMinutes * 60 + 24 * 3600;

/**
 * Draws a code, stores its HMAC under `owner` (an address hash: the row exists whether or not an
 * account has the address, and expires) and puts exactly one message on the mail queue: the mail, or
 * a `drop` when `mail` is null. The same calls in the same order either way; the mail server is the
 * queue consumer's business. A queue that cannot be reached is a 503, for every address alike.
 */
export async function queueCode(
  owner: string,
  purpose: CodePurpose,
  mail: { to: string; language: User['language']; subject: Message; body: (code: string) => Message } | null,
  deps: MailCodeDeps,
  extra: Pick<StoredCode, 'sign_up'> = {},
): Promise<void> {
  const code = newMailCode();
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  try {
    await deps.codes.save(owner, purpose, {
      code_hash: hashMailCode(deps.secret, purpose, owner, code),
      valid_until: nowSeconds + MAIL_CODE_RULES.ttlMinutes * 60,
      expires_at: nowSeconds + QUEUED_CODE_ROW_SECONDS,
      ...extra,
    });
    await deps.mailQueue.enqueue(
      mail
        ? { kind: 'send', to: mail.to, language: mail.language, subject: mail.subject, body: mail.body(code) }
        : { kind: 'drop' },
    );
  } catch (error: unknown) {
    if (error instanceof AppError) throw error;
    logger.warn('code not queued', { error: error instanceof Error ? error.message : String(error) });
    throw new ServiceUnavailableError();
  }
}

/**
 * Queues a reset code for the address (docs/accounts.md "Password reset"). Known or not, the request
 * counts against the address's hourly limit, looks the address up, stores a code and enqueues one
 * message (the mail, or a drop), then answers the same: neither the body, a 429 nor the time tells
 * them apart. The code is keyed by the address's hash, not the user. The mail is in the requester's
 * language (the request's Accept-Language, the site's current language), or the profile's when the
 * request names none (an API call).
 */
export async function requestPasswordReset(
  email: string,
  language: User['language'] | null,
  deps: MailCodeDeps,
): Promise<typeof ACCEPTED> {
  await countRequest('RESET', email, deps);
  const user = await deps.users.findByEmail(email);
  await queueCode(
    hashAddress(deps.secret, email),
    'RESET',
    user
      ? {
          to: user.email,
          // The interface the reset was asked from, not the profile's (issue 46: a reset asked in Spanish came in French).
          language: language ?? user.language,
          subject: message('MAIL_RESET_SUBJECT'),
          body: (code) => message('MAIL_RESET_BODY', { code, minutes: MAIL_CODE_RULES.ttlMinutes }),
        }
      : null,
    deps,
  );
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
  await useCode(hashAddress(deps.secret, payload.email), 'RESET', payload.code, deps);
  await deps.identity.setPassword(user.id, payload.new_password);
  await deps.endSessions(user.id);
  return { reset: true };
}
