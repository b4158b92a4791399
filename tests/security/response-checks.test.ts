import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../src/api';
import { inspectResponse, JSON_CONTENT_TYPE } from './response-checks';

/*
 * Every contract route is built (no handler answers 501 "not built yet" any more), so a 501 is a
 * server error like any other 5xx: no suite may pass over it.
 */

function errorResponse(status: number): ApiResponse {
  const body = { error: 'Something went wrong', code: 'INTERNAL', message_code: 'INTERNAL', params: {} };
  return {
    status,
    headers: new Headers({
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    }),
    body,
    text: JSON.stringify(body),
  };
}

describe('a response inspection', () => {
  it.each([500, 501, 502, 503])('counts a %i as a server error', (status) => {
    expect(inspectResponse(undefined, errorResponse(status)).serverError).toBe(true);
  });

  it('does not count a 4xx as one', () => {
    expect(inspectResponse(undefined, errorResponse(404)).serverError).toBe(false);
  });
});
