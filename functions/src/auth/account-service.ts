import { randomUUID } from 'node:crypto';
import type {
  AccountDeleted,
  AccountExport,
  ChangePasswordPayload,
} from '@app/shared/domain/entities/account';
import type { Language } from '@app/shared/domain/enums';
import { message } from '@app/shared/messages/message';
import { fieldError } from '../platform/errors';
import {
  isRetainedDocument,
  type AccountRecord,
  type AccountRecordsRepository,
} from '../data/account-records-repository';
import type { UsersRepository } from '../data/users-repository';
import type { MailQueue } from '../notifications/mail-queue';
import { logger } from '../platform/observability';
import { buildAccountArchive } from './account-archive';
import { endEverySession } from './session-revocation';
import { SecondFactorRequiredError, WrongCredentialsError, type CognitoGateway } from './cognito-gateway';

/** The account's own operations (docs/accounts.md); the caller is always the verified token's user. */
export interface AccountDeps {
  users: UsersRepository;
  cognito: CognitoGateway;
  accountRecords: AccountRecordsRepository;
  /** The mail queue: the deletion's confirmation goes out through it (docs/accounts.md "Delete my account"). */
  mailQueue: MailQueue;
  now: () => Date;
  invoiceRetentionYears: number;
}

export interface Caller {
  userId: string;
  /** The identity service's user name (the sub for an e-mail pool). */
  username: string;
}

const wrongCurrentPassword = (field: string) =>
  fieldError(field, message('AUTH_CURRENT_PASSWORD_WRONG', { field: field.replace(/^body\./, '') }));

/** A new password ends every session signed in with the old one, this one too (the site signs in again). */
export async function changePassword(
  caller: Caller,
  accessToken: string,
  payload: ChangePasswordPayload,
  deps: Pick<AccountDeps, 'cognito' | 'users' | 'now'>,
): Promise<{ changed: true }> {
  const changed = await deps.cognito.changePassword(
    accessToken,
    payload.current_password,
    payload.new_password,
  );
  if (!changed) throw wrongCurrentPassword('body.current_password');
  await endEverySession(caller.userId, deps);
  return { changed: true };
}

export async function signOutEverywhere(
  caller: Caller,
  deps: Pick<AccountDeps, 'users' | 'cognito' | 'now'>,
): Promise<{ revoked_before: string }> {
  const seconds = await endEverySession(caller.userId, deps);
  return { revoked_before: new Date(seconds * 1000).toISOString() };
}

export async function exportAccountData(
  caller: Caller,
  deps: Pick<AccountDeps, 'accountRecords' | 'now'>,
): Promise<AccountExport> {
  const exportedAt = deps.now();
  const records = await deps.accountRecords.listAll(caller.userId);
  const archive = buildAccountArchive({ userId: caller.userId, exportedAt, records });
  return {
    file_name: `nugget-invest-data-${exportedAt.toISOString().slice(0, 10)}.zip`,
    media_type: 'application/zip',
    content_base64: Buffer.from(archive).toString('base64'),
    record_count: records.length,
  };
}

/**
 * The account's current password is right, else a 400 naming `field` (docs/accounts.md "Sensitive
 * changes"). A second factor is not asked here: the caller already holds a session.
 */
export async function confirmCurrentPassword(
  email: string,
  password: string,
  field: 'body.password' | 'body.current_password',
  cognito: Pick<CognitoGateway, 'signIn'>,
): Promise<void> {
  try {
    await cognito.signIn(email, password);
  } catch (error: unknown) {
    if (error instanceof SecondFactorRequiredError) return;
    if (error instanceof WrongCredentialsError) throw wrongCurrentPassword(field);
    throw error;
  }
}

function retentionEnd(now: Date, years: number): Date {
  const end = new Date(now);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

/**
 * Erases the account: every record but invoices and credit notes, which move under a pseudonym for the
 * legal period, then the identity. Each step tolerates what an earlier attempt already did, and the
 * identity goes last, so a retry after a partial failure (a new sign-in, the same password) finishes the
 * job. The sessions end first; once the profile is gone every token of the account is refused (401).
 * Last, a confirmation is mailed to the account's address in the language the deletion was asked in.
 */
export async function deleteAccount(
  caller: Caller,
  password: string,
  language: Language,
  deps: AccountDeps,
): Promise<AccountDeleted> {
  const email = await deps.cognito.emailOf(caller.username);
  if (email) await confirmCurrentPassword(email, password, 'body.password', deps.cognito);
  // From here no token of the account is accepted (this request goes on) and no session gets a new
  // one: nothing the account does can race the erasure (docs/accounts.md "Delete my account").
  await endEverySession(caller.userId, deps);
  const records: AccountRecord[] = await deps.accountRecords.listAll(caller.userId);
  const kept = records.filter(isRetainedDocument);
  const erased = records.filter((record) => !isRetainedDocument(record));
  if (kept.length > 0) {
    const pseudonym = await deps.accountRecords.pseudonymFor(caller.userId, randomUUID());
    const until = retentionEnd(deps.now(), deps.invoiceRetentionYears);
    for (const record of kept)
      await deps.accountRecords.retainDocument(caller.userId, record, pseudonym, until);
  }
  await deps.accountRecords.erase(erased);
  await deps.accountRecords.removeErasureMarker(caller.userId);
  await deps.cognito.deleteUserIfPresent(caller.username);
  if (email) await mailDeletion(email, language, kept.length, deps);
  return { deleted: true, erased_records: erased.length, retained_documents: kept.length };
}

/** The account is gone whatever the queue does: a confirmation that cannot be queued is logged, not a failure. */
async function mailDeletion(to: string, language: Language, documents: number, deps: AccountDeps) {
  try {
    await deps.mailQueue.enqueue({
      kind: 'send',
      to,
      language,
      subject: message('MAIL_ACCOUNT_DELETED_SUBJECT'),
      body: message('MAIL_ACCOUNT_DELETED_BODY', { documents, years: deps.invoiceRetentionYears }),
    });
  } catch (error: unknown) {
    logger.warn('deletion confirmation not queued', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
