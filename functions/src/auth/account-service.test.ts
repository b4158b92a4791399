import { describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../platform/errors';
import type { AccountRecord, AccountRecordsRepository } from '../data/account-records-repository';
import { isRetainedDocument } from '../data/account-records-repository';
import { message } from '@app/shared/messages/message';
import type { QueuedMail } from '../notifications/mail-queue';
import { deleteAccount, type AccountDeps } from './account-service';
import { SecondFactorRequiredError, WrongCredentialsError, type CognitoGateway } from './cognito-gateway';

/**
 * The deletion's order and retries, on an in-memory stand-in of the records repository (the real one
 * runs in tests/integration/account-privacy.test.ts): kept documents move under ONE pseudonym even
 * across attempts, the identity goes last, and a retry after a failure finishes the job.
 */

const USER = { userId: 'sub-1', username: 'sub-1' };
const record = (table: AccountRecord['table'], sk: string): AccountRecord => ({
  table,
  item: { pk: `USER#${USER.userId}`, sk, customerId: USER.userId },
});

function memoryRecords(initial: AccountRecord[]) {
  let stored = [...initial];
  const retained: { sk: string; pseudonym: string; until: Date }[] = [];
  let marker: string | null = null;
  let failNextErase = false;
  const repository: AccountRecordsRepository = {
    listAll: async () => [...stored],
    pseudonymFor: async (_userId, proposed) => (marker ??= proposed),
    retainDocument: async (_userId, kept, pseudonym, until) => {
      retained.push({ sk: String(kept.item.sk), pseudonym, until });
      stored = stored.filter((candidate) => candidate !== kept);
    },
    erase: async (records) => {
      if (failNextErase) {
        failNextErase = false;
        throw new Error('throttled');
      }
      stored = stored.filter((candidate) => !records.includes(candidate));
    },
    removeErasureMarker: async () => {
      marker = null;
    },
  };
  return {
    repository,
    retained,
    stored: () => stored,
    failNextErase: () => (failNextErase = true),
  };
}

function cognitoStub(overrides: Partial<CognitoGateway> = {}) {
  const calls: string[] = [];
  let exists = true;
  const gateway = {
    emailOf: vi.fn(async () => (exists ? 'a@example.test' : null)),
    signIn: vi.fn(async (_email: string, password: string) => {
      if (password !== 'Right-Password-1') throw new WrongCredentialsError('a@example.test');
      return { accessToken: 'a', idToken: 'i', refreshToken: undefined, expiresIn: 1 };
    }),
    signOutEverywhere: vi.fn(async () => undefined),
    deleteUserIfPresent: vi.fn(async () => {
      calls.push('delete identity');
      exists = false;
    }),
    ...overrides,
  } as unknown as CognitoGateway;
  return { gateway, calls };
}

const queued: QueuedMail[] = [];

const depsOf = (records: AccountRecordsRepository, cognito: CognitoGateway): AccountDeps =>
  ({
    users: { revokeTokensIssuedBefore: async () => 0 } as unknown as AccountDeps['users'],
    cognito,
    accountRecords: records,
    mailQueue: { enqueue: async (mail) => void queued.push(mail) },
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    invoiceRetentionYears: 10,
  }) satisfies AccountDeps;

describe('deleting an account', () => {
  const everything = () => [
    record('users', 'PROFILE'),
    record('users', 'INV#INV-0001'),
    record('users', 'CN#CN-0001'),
    record('holdings', 'HOLDING#01'),
    record('usage', 'DAY#2026-03-01'),
  ];

  it('refuses a wrong password by field and touches nothing', async () => {
    const memory = memoryRecords(everything());
    const { gateway, calls } = cognitoStub();

    const attempt = deleteAccount(USER, 'Wrong-Password-1', 'en', depsOf(memory.repository, gateway));

    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ issues: [{ path: 'body.password' }] });
    expect(memory.stored()).toHaveLength(5);
    expect(calls).toEqual([]);
  });

  it('keeps invoices and credit notes for 10 years under one pseudonym, erases the rest, then the identity', async () => {
    const memory = memoryRecords(everything());
    const { gateway, calls } = cognitoStub();

    const answer = await deleteAccount(USER, 'Right-Password-1', 'en', depsOf(memory.repository, gateway));

    expect(answer).toEqual({ deleted: true, erased_records: 3, retained_documents: 2 });
    expect(memory.stored()).toEqual([]);
    expect(memory.retained.map((kept) => kept.sk)).toEqual(['INV#INV-0001', 'CN#CN-0001']);
    expect(new Set(memory.retained.map((kept) => kept.pseudonym)).size).toBe(1);
    // 2026-03-01 plus 10 calendar years.
    expect(memory.retained[0]?.until.toISOString()).toBe('2036-03-01T12:00:00.000Z');
    expect(calls).toEqual(['delete identity']);
  });

  it('mails a confirmation of the deletion, in the language it was asked in, once everything is erased (issue 46)', async () => {
    const memory = memoryRecords(everything());
    const { gateway } = cognitoStub();
    queued.length = 0;

    await deleteAccount(USER, 'Right-Password-1', 'es', depsOf(memory.repository, gateway));

    expect(memory.stored()).toEqual([]);
    expect(queued).toEqual([
      {
        kind: 'send',
        to: 'a@example.test',
        language: 'es',
        subject: message('MAIL_ACCOUNT_DELETED_SUBJECT'),
        body: message('MAIL_ACCOUNT_DELETED_BODY', { documents: 2, years: 10 }),
      },
    ]);
  });

  it('mails nothing when the password is wrong', async () => {
    const memory = memoryRecords(everything());
    const { gateway } = cognitoStub();
    queued.length = 0;

    await deleteAccount(USER, 'Wrong-Password-1', 'fr', depsOf(memory.repository, gateway)).catch(() => null);

    expect(queued).toEqual([]);
  });

  it('a retry after a failed erase finishes the job, the identity going only at the end', async () => {
    const memory = memoryRecords(everything());
    const { gateway, calls } = cognitoStub();
    memory.failNextErase();

    await expect(
      deleteAccount(USER, 'Right-Password-1', 'en', depsOf(memory.repository, gateway)),
    ).rejects.toThrow('throttled');
    expect(calls).toEqual([]);
    expect(memory.stored().filter(isRetainedDocument)).toEqual([]);
    const retry = await deleteAccount(USER, 'Right-Password-1', 'en', depsOf(memory.repository, gateway));

    expect(retry).toEqual({ deleted: true, erased_records: 3, retained_documents: 0 });
    expect(memory.stored()).toEqual([]);
    expect(calls).toEqual(['delete identity']);
  });

  it('accepts the password of an account with a second factor, and a deletion with the identity already gone', async () => {
    const memory = memoryRecords([record('holdings', 'HOLDING#01')]);
    const { gateway } = cognitoStub({
      signIn: vi.fn(async () => {
        throw new SecondFactorRequiredError('a@example.test');
      }),
    });
    expect(
      await deleteAccount(USER, 'Right-Password-1', 'en', depsOf(memory.repository, gateway)),
    ).toMatchObject({
      erased_records: 1,
    });

    const gone = cognitoStub({ emailOf: vi.fn(async () => null) });
    const leftovers = memoryRecords([record('usage', 'DAY#2026-03-01')]);
    const answer = await deleteAccount(USER, 'anything', 'en', depsOf(leftovers.repository, gone.gateway));
    expect(answer).toEqual({ deleted: true, erased_records: 1, retained_documents: 0 });
    expect(gone.gateway.signIn).not.toHaveBeenCalled();
  });
});
