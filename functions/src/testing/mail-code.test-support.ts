import type { CodePurpose, MailCodesRepository, StoredCode } from '../data/mail-codes-repository';
import type { StoredUser } from '../data/users-repository';
import type { MailMessage } from '../platform/mail/transport';
import { deliverQueuedMail, type QueuedMail } from '../notifications/mail-queue';
import type { MailCodeDeps } from '../auth/mail-code-service';

const NOW = new Date('2030-05-06T08:50:00Z');
export const ADA = { id: 'u-ada', email: 'ada@example.test', language: 'fr' } as StoredUser;

/** In-memory stand-ins that behave like the conditional writes (mocks of one module's neighbours). */
export function fakeDeps() {
  const users = new Map<string, StoredUser>([[ADA.id, { ...ADA }]]);
  const codes = new Map<string, StoredCode>();
  const counters = new Map<string, number>();
  const mailed: MailMessage[] = [];
  const queued: QueuedMail[] = [];
  const passwords = new Map<string, string>();
  const endedSessions: string[] = [];
  let clock = NOW;
  const repository: MailCodesRepository = {
    countRequest: async (purpose, hash, hour, limit) => {
      const key = `${purpose}:${hash}:${hour}`;
      const count = counters.get(key) ?? 0;
      if (count >= limit) return false;
      counters.set(key, count + 1);
      return true;
    },
    save: async (userId, purpose, code) => void codes.set(`${userId}:${purpose}`, { ...code, attempts: 0 }),
    get: async (userId, purpose) => codes.get(`${userId}:${purpose}`) ?? null,
    recordWrongAttempt: async (userId: string, purpose: CodePurpose, max: number) => {
      const code = codes.get(`${userId}:${purpose}`);
      if (!code) return;
      if (code.attempts + 1 >= max) codes.delete(`${userId}:${purpose}`);
      else code.attempts += 1;
    },
    consume: async (userId, purpose, hash, nowSeconds) => {
      const code = codes.get(`${userId}:${purpose}`);
      if (!code || code.code_hash !== hash || code.valid_until <= nowSeconds) return false;
      codes.delete(`${userId}:${purpose}`);
      return true;
    },
  };
  const deps: MailCodeDeps = {
    users: {
      get: async (id) => users.get(id) ?? null,
      findByEmail: async (email) => [...users.values()].find((user) => user.email === email) ?? null,
      updateEmail: async (id, email) => {
        const user = users.get(id);
        if (!user) return null;
        user.email = email;
        return user;
      },
    },
    codes: repository,
    mailer: {
      send: async (mail) => {
        mailed.push(mail);
        return { sent: true, messageId: String(mailed.length) };
      },
    },
    identity: {
      setPassword: async (id, password) => void passwords.set(id, password),
      setEmail: async () => undefined,
    },
    endSessions: async (userId) => void endedSessions.push(userId),
    // The queue delivers at once through the real consumer's path (wording, then the Mailer above).
    mailQueue: {
      enqueue: async (mail) => {
        queued.push(mail);
        await deliverQueuedMail(
          { body: JSON.stringify(mail), messageId: String(queued.length) },
          deps.mailer,
        );
      },
    },
    secret: 'unit-test-secret',
    now: () => clock,
  };
  return {
    deps,
    mailed,
    queued,
    passwords,
    endedSessions,
    users,
    codes,
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

/**
 * Wraps every method of the given dependency groups so each call is written down as `group.method`
 * (with the code purpose for the codes repository): what a request does, to compare two requests.
 */
export function recordCalls(groups: Record<string, object>): string[] {
  const calls: string[] = [];
  for (const [group, target] of Object.entries(groups)) {
    for (const [name, value] of Object.entries(target)) {
      if (typeof value !== 'function') continue;
      const original = value as (...args: unknown[]) => unknown;
      Object.assign(target, {
        [name]: (...args: unknown[]) => {
          const purpose = args
            .slice(0, 2)
            .find((arg) => arg === 'RESET' || arg === 'SIGNUP' || arg === 'EMAIL');
          calls.push(purpose ? `${group}.${name}(${String(purpose)})` : `${group}.${name}`);
          return original(...args);
        },
      });
    }
  }
  return calls;
}

/** The six-digit code a mail carries. */
export const codeOf = (mail: MailMessage | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
