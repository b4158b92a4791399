/**
 * Whether a password reset's answer time tells a known address from an unknown one
 * (functions/src/auth/mail-code-service.ts: both store a code and put one message on the mail queue;
 * the mail is sent after the answer). Requests alternate known / unknown, one at a time, over HTTP on
 * an in-process local stack. Each address may ask 3 times an hour (MAIL_CODE_RULES), so the known
 * requests use a third as many accounts (profiles written straight to the users table: the reset reads
 * only the profile) and every unknown request its own address.
 */
import { randomUUID } from 'node:crypto';
import { contract } from '@app/shared/api/contract';
import { MAIL_CODE_RULES } from '@app/shared/domain/entities/mail';
import type { LocalStack } from '@app/infra/local/local-stack';
import { callApi } from './api-load';
import { round, summariseLatency, type LatencyFigures } from './report-format';

export interface ResetTimingFigures {
  known: LatencyFigures;
  unknown: LatencyFigures;
  /** Requests whose answer (status and bytes) differed from the first known one: 0 expected. */
  different_answers: number;
  /** The best single cut-off on the time, told apart out of all the requests (half of them = chance). */
  best_cut_off_ms: number;
  told_apart: number;
  mails_delivered: boolean;
}

/** The best one-threshold classifier "slower than t is known": how many requests it labels right. */
export function bestCutOff(known: readonly number[], unknown: readonly number[]) {
  const thresholds = [...known, ...unknown].sort((a, b) => a - b);
  let best = { cutOff: 0, right: 0 };
  for (const cutOff of [0, ...thresholds]) {
    const right =
      known.filter((time) => time > cutOff).length + unknown.filter((time) => time <= cutOff).length;
    // Either direction: a faster known address tells them apart as well.
    const score = Math.max(right, known.length + unknown.length - right);
    if (score > best.right) best = { cutOff, right: score };
  }
  return best;
}

async function createKnownProfiles(count: number, tag: string): Promise<string[]> {
  const { getConfig } = await import('@app/functions/config');
  const { createDocumentClient } = await import('@app/functions/platform/dynamo-client');
  const { createUsersRepository } = await import('@app/functions/data/users-repository');
  const config = getConfig();
  const users = createUsersRepository(createDocumentClient(config), config.TABLE_USERS);
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `reset-known-${tag}-${index}@bench.test`;
    await users.create({
      id: `bench-reset-${tag}-${index}`,
      email,
      first_name: 'Bench',
      last_name: 'Reset',
      role: 'USER',
      subscription_tier: 'FREE',
      language: 'en',
      theme: 'dark',
      created_at: new Date().toISOString(),
    });
    emails.push(email);
  }
  return emails;
}

export async function runResetTimingBench(
  stack: LocalStack,
  options: { requests: number; warmUp?: number },
): Promise<ResetTimingFigures> {
  const warmUp = options.warmUp ?? 10;
  const total = options.requests + warmUp;
  const tag = randomUUID().slice(0, 8);
  const perAddress = MAIL_CODE_RULES.requestsPerAddressPerHour;
  const knownEmails = await createKnownProfiles(Math.ceil(total / perAddress), tag);
  const route = contract.auth.requestPasswordReset;
  const ask = async (email: string) => {
    const started = performance.now();
    const response = await fetch(new URL(route.path, stack.webUrl), {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const text = await response.text();
    return { ms: performance.now() - started, answer: `${response.status} ${text}` };
  };
  const known: number[] = [];
  const unknown: number[] = [];
  const statuses = { known: {} as Record<string, number>, unknown: {} as Record<string, number> };
  let reference: string | undefined;
  let different = 0;
  for (let index = 0; index < total; index += 1) {
    const knownEmail = knownEmails[Math.floor(index / perAddress)] as string;
    const unknownEmail = `reset-unknown-${tag}-${index}@bench.test`;
    // Alternate which goes first, so a warm connection or a cache favours neither.
    const pair =
      index % 2 === 0
        ? { first: ['known', knownEmail], second: ['unknown', unknownEmail] }
        : { first: ['unknown', unknownEmail], second: ['known', knownEmail] };
    for (const [kind, email] of [pair.first, pair.second] as [string, string][]) {
      const result = await ask(email);
      reference ??= result.answer;
      if (index < warmUp) continue;
      if (result.answer !== reference) different += 1;
      const status = result.answer.slice(0, 3);
      const bucket = kind === 'known' ? statuses.known : statuses.unknown;
      bucket[status] = (bucket[status] ?? 0) + 1;
      (kind === 'known' ? known : unknown).push(result.ms);
    }
  }
  const best = bestCutOff(known, unknown);
  // The mails go out after the answers: wait for the queue, then check the last known address got its.
  const drained = await stack.mailQueue.drain(30_000);
  const inbox = (await callApi(stack.mailUrl, 'GET', '/api/email')).body as { to?: { address?: string }[] }[];
  const lastKnown = knownEmails.at(-1) ?? '';
  const delivered =
    drained && Array.isArray(inbox) && inbox.some((mail) => mail.to?.some((to) => to.address === lastKnown));
  return {
    known: summariseLatency(known, statuses.known),
    unknown: summariseLatency(unknown, statuses.unknown),
    different_answers: different,
    best_cut_off_ms: round(best.cutOff),
    told_apart: best.right,
    mails_delivered: delivered,
  };
}
