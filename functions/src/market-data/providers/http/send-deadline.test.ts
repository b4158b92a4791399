import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchProviderJson, type AttemptOutcome } from './fetch-json';
import type { SendWindow } from './send-deadline';

/**
 * The send deadline against a real HTTP server on 127.0.0.1 and Node's own fetch: what matters is
 * when undici writes the request, which no stubbed fetch shows.
 */
let server: Server;
let url: string;
const arrivals: number[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    arrivals.push(Date.now());
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/chart`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A guard handing out the given send windows in turn (ms from the call), recording what it is told. */
function windowsGuard(windowsFromNow: number[]) {
  const outcomes: AttemptOutcome[] = [];
  let asked = 0;
  return {
    outcomes,
    asked: () => asked,
    guard: {
      beforeRequest: async (): Promise<SendWindow> => {
        const offset = windowsFromNow[asked] ?? 10_000;
        asked += 1;
        const sendBy = Date.now() + offset;
        return { lateBy: () => Date.now() - sendBy };
      },
      afterAttempt: async (outcome: AttemptOutcome) => {
        outcomes.push(outcome);
      },
    },
  };
}

function blockFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // A busy event loop: another symbol's bars being merged.
  }
}

describe('a request with a send deadline', () => {
  it('is written one event-loop turn after fetch is called, so a busy loop makes it late', async () => {
    // Arrange: a keep-alive socket to reuse.
    await fetch(url).then((response) => response.text());
    const count = arrivals.length;
    // Act: fetch is called, then the loop is busy for 150 ms before undici's next turn.
    const calledAt = Date.now();
    const answer = fetch(url).then((response) => response.text());
    blockFor(150);
    await answer;
    // Assert: the request reached the server after the block, not when fetch was called.
    expect(arrivals.length).toBe(count + 1);
    expect((arrivals.at(-1) as number) - calledAt).toBeGreaterThanOrEqual(150);
  });

  it('is not sent when the loop is busy past its deadline, and goes on the next window', async () => {
    const { guard, outcomes, asked } = windowsGuard([50, 10_000]);
    await fetch(url).then((response) => response.text());
    const count = arrivals.length;
    const answer = fetchProviderJson(url, { guard, timeoutMs: 5_000 });
    // The first window closes 50 ms after it is handed out; the loop is busy for 150 ms meanwhile.
    blockFor(150);
    expect(await answer).toEqual({ status: 200, body: { ok: true } });
    // One request reached the server, on the second window; the unsent one was neither an attempt
    // nor an outcome for the guard.
    expect(arrivals.length).toBe(count + 1);
    expect(asked()).toBe(2);
    expect(outcomes).toEqual(['answered']);
  });

  it('is sent when it is written before its deadline', async () => {
    const { guard, outcomes, asked } = windowsGuard([1_000]);
    const count = arrivals.length;
    await fetchProviderJson(url, { guard, timeoutMs: 5_000 });
    expect(arrivals.length).toBe(count + 1);
    expect(asked()).toBe(1);
    expect(outcomes).toEqual(['answered']);
  });
});
