import { randomUUID } from 'node:crypto';
import { Agent, fetch } from 'undici';
import { inject } from 'vitest';
import { SEED_INVESTOR } from '@app/infra/local/seed-data';
import { signUpThroughInbox } from './sign-up-by-mail';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface ApiOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (for malformed-body tests). */
  rawBody?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /**
   * The loopback address the request leaves from; 127.0.0.1 when absent. Per-address limits (the
   * contact form's messages an hour, the sign-in limiter's failures an hour) count every anonymous
   * caller on one address together, and every browser journey comes from 127.0.0.1. A suite that
   * spends such a limit on purpose sends from an address of its own, as another visitor would.
   * Linux routes the whole of 127.0.0.0/8 to the loopback interface.
   */
  from?: string;
}

/** One connection pool per source address, kept for the run. */
const agents = new Map<string, Agent>();
function agentFrom(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

/** One real HTTP call to the local stack's API (same origin as the investor site). */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const { webUrl } = inject('stack');
  const url = new URL(path, webUrl);
  for (const [name, value] of Object.entries(options.query ?? {}))
    url.searchParams.append(name, String(value));
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, {
    method,
    headers,
    body,
    ...(options.from ? { dispatcher: agentFrom(options.from) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test looks at `text`.
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}

export interface SignedInUser {
  userId: string;
  email: string;
  password: string;
  token: string;
  idToken: string;
}

/** A unique email per call, so tests running in parallel never share an account. */
export function uniqueEmail(prefix = 'investor'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

export const STRONG_PASSWORD = 'Nugget-Test-1';

/** A new investor, signed up as the site does it: the code from the local inbox, then the confirmation. */
export async function signUpInvestor(firstName = 'Test'): Promise<SignedInUser> {
  const email = uniqueEmail();
  const { webUrl, mailUrl } = inject('stack');
  const response = await signUpThroughInbox(
    { webUrl, mailUrl },
    { email, password: STRONG_PASSWORD, first_name: firstName, last_name: 'Investor', role: 'USER' },
  );
  return {
    userId: response.body.user.id,
    email,
    password: STRONG_PASSWORD,
    token: response.body.access_token,
    idToken: response.body.id_token,
  };
}

type LoginAnswer = { access_token: string; id_token: string; user: { id: string } };

const login = (body: { email: string; password: string; totp_code?: string }) =>
  api<LoginAnswer>('POST', '/api/auth/login', { body });

export async function signIn(email: string, password: string, totpCode?: string): Promise<SignedInUser> {
  const response = await login({ email, password, ...(totpCode ? { totp_code: totpCode } : {}) });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return {
    userId: response.body.user.id,
    email,
    password,
    token: response.body.access_token,
    idToken: response.body.id_token,
  };
}

/**
 * The seeded admin's session, signed in with its authenticator code once for the run by the global
 * setup (src/seed-admin.ts says why: a code signs in once per 30-second step).
 */
export const signInSeedAdmin = async (): Promise<SignedInUser> => inject('stack').seedAdminSession;
export const signInSeedInvestor = () => signIn(SEED_INVESTOR.email, SEED_INVESTOR.password);
