import { routes } from '@app/shared/api/areas/auth';
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAreaHandler } from './http-handler';
import type { HttpEvent } from './http-event';
import { logger, processLogger } from './observability';
import { UNUSED_ACCOUNT_ROUTES } from '../testing/auth-area.fixtures';
import { activeSessions, event } from '../testing/http-event.test-support';

/*
 * Two requests overlapping in one process, as they do in the local stack and the bench: request A
 * logs, waits while request B runs from start to end, then logs again. Every line must carry its own
 * request's id, route, user and Lambda context. (With one process-wide logger whose keys were added
 * and reset per request, A's second line carried B's request id and user id.)
 */

function lambdaContext(requestId: string): Context {
  return {
    awsRequestId: requestId,
    functionName: 'nugget-test-auth',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:nugget-test-auth',
    memoryLimitInMB: '512',
  } as Context;
}

function meRequest(requestId: string, userId: string): HttpEvent {
  const base = event('GET /api/auth/me');
  return {
    ...base,
    requestContext: {
      ...base.requestContext,
      requestId,
      authorizer: {
        jwt: { claims: { sub: userId, token_use: 'access', client_id: 'web', 'cognito:groups': '[]' } },
      },
    },
  } as HttpEvent;
}

interface LogLine {
  message: string;
  request_id?: string;
  route?: string;
  user_id?: string;
  function_request_id?: string;
  function_name?: string;
}

let written: string[] = [];

beforeEach(() => {
  written = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  processLogger.setLogLevel('INFO');
});

afterEach(() => {
  processLogger.setLogLevel('SILENT');
  vi.restoreAllMocks();
});

function logLines(): LogLine[] {
  return written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('request-scoped logging', () => {
  it('keeps the keys of two overlapping requests apart, with the Lambda context in every line', async () => {
    let releaseA: () => void = () => undefined;
    const aMayFinish = new Promise<void>((resolve) => (releaseA = resolve));
    let aIsWaiting: () => void = () => undefined;
    const aWaits = new Promise<void>((resolve) => (aIsWaiting = resolve));

    const handler = createAreaHandler(
      'auth',
      routes,
      {
        register: async () => Promise.reject(new Error('not used')),
        login: async () => Promise.reject(new Error('not used')),
        updateMe: async () => Promise.reject(new Error('not used')),
        ...UNUSED_ACCOUNT_ROUTES,
        requestPasswordReset: async () => Promise.reject(new Error('not used')),
        confirmPasswordReset: async () => Promise.reject(new Error('not used')),
        requestEmailChange: async () => Promise.reject(new Error('not used')),
        confirmEmailChange: async () => Promise.reject(new Error('not used')),
        health: async () => ({ status: 'ok', service: 'auth', version: 'x', time: 'now' }),
        me: async ({ auth }) => {
          const userId = auth.kind === 'user' ? auth.userId : 'anonymous';
          logger.info('profile read started', { caller: userId });
          if (userId === 'user-a') {
            aIsWaiting();
            await aMayFinish;
          }
          logger.info('profile read finished', { caller: userId });
          return {
            id: userId,
            email: `${userId}@example.test`,
            first_name: 'Test',
            last_name: '',
            role: 'USER',
            subscription_tier: 'FREE',
            language: 'en',
            theme: 'dark',
            created_at: '2026-01-01T00:00:00.000Z',
          };
        },
      },
      { createDeps: () => ({}), readSessionState: activeSessions },
    );

    const requestA = handler(meRequest('req-A', 'user-a'), lambdaContext('req-A'));
    await aWaits;
    const responseB = await handler(meRequest('req-B', 'user-b'), lambdaContext('req-B'));
    releaseA();
    const responseA = await requestA;

    expect([responseA.statusCode, responseB.statusCode]).toEqual([200, 200]);
    const lines = logLines();
    const ofA = lines.filter((line) => line.request_id === 'req-A');
    const ofB = lines.filter((line) => line.request_id === 'req-B');
    // A: started, finished (after B ended), completed; B: started, finished, completed.
    expect(ofA.map((line) => line.message)).toEqual([
      'profile read started',
      'profile read finished',
      'request completed',
    ]);
    expect(ofB.map((line) => line.message)).toEqual(ofA.map((line) => line.message));
    expect(ofA.length + ofB.length).toBe(lines.length);
    for (const [lines, requestId, userId] of [
      [ofA, 'req-A', 'user-a'],
      [ofB, 'req-B', 'user-b'],
    ] as const) {
      for (const line of lines) {
        expect(line).toMatchObject({
          request_id: requestId,
          route: 'GET /api/auth/me',
          user_id: userId,
          function_request_id: requestId,
          function_name: 'nugget-test-auth',
        });
      }
    }
    // The order proves the overlap: A's last line was written after B had finished.
    const messages = lines.map((line) => `${line.request_id} ${line.message}`);
    expect(messages.indexOf('req-A profile read finished')).toBeGreaterThan(
      messages.indexOf('req-B request completed'),
    );
  });
});
