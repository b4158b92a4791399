import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import { buildPath } from '@app/shared/api';
import { CONTACT_MESSAGES_PER_HOUR, type InboxMessage } from '@app/shared/domain/entities/contact';
import { api, signInSeedAdmin, signUpInvestor, type ApiResponse, type SignedInUser } from '../src/api';
import { subscribe } from '../src/billing';

/*
 * The contact form into the admin Inbox, over HTTP against the local stack: anyone may write, a
 * filled honeypot is answered alike and stored nowhere, a sender is limited per hour, a bad field is
 * a 400 in the caller's language, and the Inbox lists paid plans' messages first (priority support).
 */

let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInSeedAdmin()).token;
});

/** A subject no other test writes, to find one message among everyone's. */
const uniqueSubject = (label: string) => `${label} ${randomUUID()}`;

function send(body: Record<string, unknown>, options: { token?: string; language?: string } = {}) {
  return api(contract.public.sendContactMessage.method, contract.public.sendContactMessage.path, {
    body,
    ...(options.token ? { token: options.token } : {}),
    headers: { 'accept-language': options.language ?? 'en' },
  });
}

const messageFrom = (subject: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  subject,
  message: 'How is the composite score weighted?',
  ...extra,
});

/** The whole Inbox in the order the API gives it, following the cursors. */
async function wholeInbox(): Promise<InboxMessage[]> {
  const messages: InboxMessage[] = [];
  let cursor: string | null = null;
  do {
    type Page = { messages: InboxMessage[]; next_cursor: string | null };
    const page: ApiResponse<Page> = await api<Page>('GET', contract.admin.inbox.path, {
      token: adminToken,
      query: { limit: 100, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status).toBe(200);
    messages.push(...page.body.messages);
    cursor = page.body.next_cursor;
  } while (cursor);
  return messages;
}

function setHandled(id: string, handled: boolean, token = adminToken) {
  return api<InboxMessage>('PUT', buildPath(contract.admin.setInboxHandled.path, { id }), {
    token,
    body: { handled },
  });
}

describe('the contact form', () => {
  it('stores a message from a visitor who is not signed in, with no user and no plan', async () => {
    const subject = uniqueSubject('Anonymous');

    const sent = await send(messageFrom(subject));

    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });
    const stored = (await wholeInbox()).filter((item) => item.subject === subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      user_id: null,
      sender_tier: null,
      priority: false,
      handled: false,
      handled_at: null,
    });
  });

  it('answers a filled honeypot exactly like a message, and stores nothing', async () => {
    const subject = uniqueSubject('Bot');

    const sent = await send(messageFrom(subject, { website: 'https://spam.example.test' }));

    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });
    expect((await wholeInbox()).some((item) => item.subject === subject)).toBe(false);
  });

  it(`takes ${CONTACT_MESSAGES_PER_HOUR.signedIn} messages an hour from one signed-in sender, then answers 429`, async () => {
    const sender = await signUpInvestor('Chatty');
    const subject = uniqueSubject('Chatty');

    const statuses: number[] = [];
    for (let index = 0; index < CONTACT_MESSAGES_PER_HOUR.signedIn; index += 1)
      statuses.push((await send(messageFrom(`${subject} ${index}`), { token: sender.token })).status);
    const refused = await send(messageFrom(`${subject} extra`), { token: sender.token });

    expect(statuses).toEqual(Array.from({ length: CONTACT_MESSAGES_PER_HOUR.signedIn }, () => 201));
    expect(refused.status).toBe(429);
    expect((refused.body as { code: string }).code).toBe('RATE_LIMITED');
    // At most the seconds left in the current clock hour.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = (await wholeInbox()).filter((item) => item.subject.startsWith(subject));
    expect(stored).toHaveLength(CONTACT_MESSAGES_PER_HOUR.signedIn);
    expect(stored.every((item) => item.user_id === sender.userId && item.sender_tier === 'FREE')).toBe(true);
  });

  it('refuses a bad e-mail address with a 400 naming the field in French, and stores nothing', async () => {
    const subject = uniqueSubject('Invalid');

    const refused = await send(messageFrom(subject, { email: 'not-an-address' }), { language: 'fr' });

    expect(refused.status).toBe(400);
    const issues = (refused.body as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['body.email']);
    // The field's French name, as terms.json says it.
    expect(issues[0]?.message).toContain('Adresse e-mail');
    expect((await wholeInbox()).some((item) => item.subject === subject)).toBe(false);
  });
});

describe('the admin Inbox', () => {
  let free: SignedInUser;
  let premium: SignedInUser;

  beforeAll(async () => {
    [free, premium] = await Promise.all([signUpInvestor('Free'), signUpInvestor('Premium')]);
    await subscribe(premium, 'PREMIUM');
  }, 60_000);

  it("lists paid plans' messages first, each group newest first, with the sender's plan", async () => {
    // Sent in this order: premium (oldest), free, anonymous, premium (newest).
    const label = uniqueSubject('Order');
    const order = ['premium-1', 'free', 'anonymous', 'premium-2'] as const;
    const tokens: Record<(typeof order)[number], string | undefined> = {
      'premium-1': premium.token,
      free: free.token,
      anonymous: undefined,
      'premium-2': premium.token,
    };
    for (const who of order) {
      const sent = await send(messageFrom(`${label} ${who}`), { token: tokens[who] });
      expect(sent.status).toBe(201);
      // Distinct received_at milliseconds, so "newest first" has one answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const inbox = await wholeInbox();

    // Worked out by hand: paid first (premium-2 newer than premium-1), then the others newest first.
    const ours = inbox.filter((item) => item.subject.startsWith(label));
    expect(ours.map((item) => item.subject.slice(label.length + 1))).toEqual([
      'premium-2',
      'premium-1',
      'anonymous',
      'free',
    ]);
    expect(ours.map((item) => item.sender_tier)).toEqual(['PREMIUM', 'PREMIUM', null, 'FREE']);
    // The whole Inbox keeps the rule: no paid message after an unpaid one, each group newest first.
    const firstUnpaid = inbox.findIndex((item) => !item.priority);
    if (firstUnpaid >= 0) expect(inbox.slice(firstUnpaid).every((item) => !item.priority)).toBe(true);
    for (const group of [inbox.filter((item) => item.priority), inbox.filter((item) => !item.priority)]) {
      const times = group.map((item) => item.received_at);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('toggles the handled flag, idempotently, and says so in the list', async () => {
    const subject = uniqueSubject('Handled');
    expect((await send(messageFrom(subject), { token: free.token })).status).toBe(201);
    const id = (await wholeInbox()).find((item) => item.subject === subject)?.id ?? '';

    const first = await setHandled(id, true);
    const again = await setHandled(id, true);
    const listed = (await wholeInbox()).find((item) => item.id === id);
    const reopened = await setHandled(id, false);

    expect(first.status).toBe(200);
    expect(first.body.handled).toBe(true);
    expect(first.body.handled_at).not.toBeNull();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(listed).toEqual(first.body);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ handled: false, handled_at: null });
    expect((await setHandled('01JD0000000000000000000000', true)).status).toBe(404);
  });

  it('is for administrators only: 403 for an investor, 401 without a token', async () => {
    const subject = uniqueSubject('Private');
    expect((await send(messageFrom(subject), { token: free.token })).status).toBe(201);
    const id = (await wholeInbox()).find((item) => item.subject === subject)?.id ?? '';

    const investorList = await api('GET', contract.admin.inbox.path, { token: free.token });
    const investorToggle = await setHandled(id, true, free.token);
    const anonymousList = await api('GET', contract.admin.inbox.path);

    expect(investorList.status).toBe(403);
    expect(investorToggle.status).toBe(403);
    expect(anonymousList.status).toBe(401);
    expect((await wholeInbox()).find((item) => item.id === id)?.handled).toBe(false);
  });
});
