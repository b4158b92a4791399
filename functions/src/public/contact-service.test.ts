import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '@app/shared/domain/entities/contact';
import { ANONYMOUS, type AuthContext } from '../platform/auth-context';
import { RateLimitedError } from '../platform/errors';
import type { MailMessage } from '../platform/mail/transport';
import { contactHourOf, sendContactMessage, type ContactDeps } from './contact-service';

const NOW = new Date('2030-03-04T10:45:30.000Z');
const FORM = { name: 'Ada', email: 'ada@example.test', subject: 'Plans', message: 'Hello' };
const user = (userId: string): AuthContext => ({
  kind: 'user',
  userId,
  username: userId,
  email: null,
  groups: [],
  isAdmin: false,
  clientId: null,
});

/** An in-memory repository that counts like the conditional write: refused at the limit. */
function fakeDeps(tiers: Record<string, 'FREE' | 'PREMIUM' | 'PRO'> = {}) {
  const counters = new Map<string, number>();
  const stored: InboxMessage[] = [];
  const mailed: MailMessage[] = [];
  const deps: ContactDeps = {
    mailer: {
      send: async (mail) => {
        mailed.push(mail);
        return { sent: true, messageId: `m${mailed.length}` };
      },
    },
    operatorEmail: 'operator@example.test',
    contact: {
      countSenderMessage: async (sender, hour, limit) => {
        const key = `${sender} ${hour}`;
        const sent = counters.get(key) ?? 0;
        if (sent >= limit) return false;
        counters.set(key, sent + 1);
        return true;
      },
      insert: async (item) => {
        stored.push(item);
      },
    },
    users: { get: async (userId) => (tiers[userId] ? { subscription_tier: tiers[userId] } : null) },
    now: () => NOW,
  };
  return { deps, stored, counters, mailed };
}

describe('sendContactMessage', () => {
  it('mails the operator a copy of each stored message, in English, naming the sender', async () => {
    const { deps, mailed } = fakeDeps();
    await sendContactMessage(FORM, { auth: ANONYMOUS, sourceIp: '203.0.113.9' }, deps);
    expect(mailed).toEqual([
      {
        to: 'operator@example.test',
        subject: 'Contact form: Plans',
        text: 'From Ada <ada@example.test>, also in the admin Inbox.\n\nHello',
      },
    ]);
  });

  it('keeps the message and answers received when the operator mail cannot go out', async () => {
    const { deps, stored } = fakeDeps();
    deps.mailer = { send: async () => Promise.reject(new Error('SMTP down')) };
    await expect(
      sendContactMessage(FORM, { auth: ANONYMOUS, sourceIp: '203.0.113.9' }, deps),
    ).resolves.toEqual({
      received: true,
    });
    expect(stored).toHaveLength(1);
  });

  it('mails nothing for a filled honeypot', async () => {
    const { deps, mailed } = fakeDeps();
    await sendContactMessage(
      { ...FORM, website: 'http://spam.test' },
      { auth: ANONYMOUS, sourceIp: '203.0.113.9' },
      deps,
    );
    expect(mailed).toHaveLength(0);
  });

  it('counts an anonymous sender by address, 20 an hour; the 21st is refused until the hour turns', async () => {
    const { deps, stored, counters } = fakeDeps();
    for (let index = 0; index < 20; index += 1)
      await sendContactMessage(FORM, { auth: ANONYMOUS, sourceIp: '203.0.113.9' }, deps);

    const refused = sendContactMessage(FORM, { auth: ANONYMOUS, sourceIp: '203.0.113.9' }, deps);

    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    // 10:45:30 -> 14 min 30 s to 11:00 = 870 s.
    await expect(refused).rejects.toMatchObject({ headers: { 'Retry-After': '870' } });
    expect(stored).toHaveLength(20);
    expect([...counters.keys()]).toEqual(['ip:203.0.113.9 2030-03-04T10']);
    // Another address is another sender.
    await sendContactMessage(FORM, { auth: ANONYMOUS, sourceIp: '203.0.113.10' }, deps);
    expect(stored).toHaveLength(21);
  });

  it('counts a signed-in sender by id, 5 an hour, whatever address they write from', async () => {
    const { deps, stored } = fakeDeps({ u1: 'FREE' });
    for (let index = 0; index < 5; index += 1)
      await sendContactMessage(FORM, { auth: user('u1'), sourceIp: `198.51.100.${index}` }, deps);

    await expect(
      sendContactMessage(FORM, { auth: user('u1'), sourceIp: '198.51.100.99' }, deps),
    ).rejects.toBeInstanceOf(RateLimitedError);
    expect(stored).toHaveLength(5);
  });

  it('answers a filled honeypot like a message, storing and counting nothing', async () => {
    const { deps, stored, counters } = fakeDeps();

    const answer = await sendContactMessage(
      { ...FORM, website: 'https://spam.example.test' },
      { auth: ANONYMOUS, sourceIp: '203.0.113.9' },
      deps,
    );

    expect(answer).toEqual({ received: true });
    expect(stored).toEqual([]);
    expect(counters.size).toBe(0);
  });

  it("keeps the sender's plan: PREMIUM and PRO are priority, FREE and anonymous are not", async () => {
    const { deps, stored } = fakeDeps({ p: 'PREMIUM', x: 'PRO', f: 'FREE' });
    for (const auth of [user('p'), user('x'), user('f'), ANONYMOUS])
      await sendContactMessage(FORM, { auth, sourceIp: '192.0.2.1' }, deps);

    expect(stored.map((item) => [item.user_id, item.sender_tier, item.priority])).toEqual([
      ['p', 'PREMIUM', true],
      ['x', 'PRO', true],
      ['f', 'FREE', false],
      [null, null, false],
    ]);
    expect(stored[0]).toMatchObject({ received_at: NOW.toISOString(), handled: false, handled_at: null });
  });

  it('names the clock hour and the seconds left in it', () => {
    expect(contactHourOf(new Date('2030-03-04T23:59:59.500Z'))).toEqual({
      hour: '2030-03-04T23',
      secondsLeft: 1,
    });
    expect(contactHourOf(new Date('2030-03-04T00:00:00.000Z'))).toEqual({
      hour: '2030-03-04T00',
      secondsLeft: 3600,
    });
  });
});
