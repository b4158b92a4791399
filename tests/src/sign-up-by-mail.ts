/*
 * Sign-up as a person does it, for the suites and the benches: the first step mails a code to the
 * local stack's maildev, the code is read from its REST API (GET /api/email), and the second step
 * creates the account and signs it in (docs/accounts.md "Sign-up"). No vitest import: the benches
 * use it too.
 */

/** The addresses of one local stack: its API (the site's origin) and its maildev web inbox. */
export interface StackUrls {
  webUrl: string;
  mailUrl: string;
}

/** A mail as maildev's REST API gives it (GET /api/email), the fields the tests read. */
export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
  time: string;
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
  text: string;
}

/** Every mail the stack's maildev holds for one address, oldest first. */
export async function mailsAt(mailUrl: string, address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailUrl}/api/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  const mails = (await response.json()) as ReceivedMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `count` mails reached the address (SMTP delivery is quick but not instant). */
export async function waitForMailsAt(
  mailUrl: string,
  address: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsAt(mailUrl, address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`${count} mail(s) to ${address} expected, ${mails.length} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The six-digit code a code mail carries. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in the mail "${mail.subject}"`);
  return match[1];
}

async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the caller looks at `text`.
  }
  return { status: response.status, body: parsed as T, text };
}

/** What a confirmed sign-up answers (the contract's AuthResponse, the fields the suites read). */
export interface SignedUp {
  access_token: string;
  id_token: string;
  user: { id: string; email: string; language: string; theme: string } & Record<string, unknown>;
}

/**
 * Registers `body.email`, reads the code mailed to it, and confirms with the same password. Returns
 * the confirmation's answer (201 with tokens); throws when a step fails, naming it.
 */
export async function signUpThroughInbox(
  stack: StackUrls,
  body: { email: string; password: string; first_name: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<HttpAnswer<SignedUp>> {
  const before = (await mailsAt(stack.mailUrl, body.email)).length;
  const started = await postJson(new URL('/api/auth/register', stack.webUrl).href, body, headers);
  if (started.status !== 202) throw new Error(`register failed: ${started.status} ${started.text}`);
  const mails = await waitForMailsAt(stack.mailUrl, body.email, before + 1);
  const code = codeIn(mails[mails.length - 1]!);
  const confirmed = await postJson<SignedUp>(
    new URL('/api/auth/register/confirm', stack.webUrl).href,
    { email: body.email, code, password: body.password },
    headers,
  );
  if (confirmed.status !== 201)
    throw new Error(`register confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return confirmed;
}
