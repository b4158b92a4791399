import { describe, expect, it } from 'vitest';
import { authContextFromClaims, parseGroupsClaim } from './auth-context';

describe('parseGroupsClaim', () => {
  it.each([
    [['ADMIN'], ['ADMIN']],
    ['[ADMIN]', ['ADMIN']],
    ['[ADMIN USERS]', ['ADMIN', 'USERS']],
    ['[]', []],
    ['', []],
    [undefined, []],
    [42, []],
  ])('%j -> %j', (value, expected) => {
    expect(parseGroupsClaim(value)).toEqual(expected);
  });
});

describe('authContextFromClaims', () => {
  it('makes an admin only from the ADMIN group', () => {
    const result = authContextFromClaims({ sub: 's', token_use: 'access', 'cognito:groups': '[ADMIN]' });
    expect('auth' in result && result.auth.kind === 'user' && result.auth.isAdmin).toBe(true);
    const plain = authContextFromClaims({ sub: 's', token_use: 'access', role: 'ADMIN' });
    expect('auth' in plain && plain.auth.kind === 'user' && plain.auth.isAdmin).toBe(false);
  });

  it('refuses ID tokens and tokens without a subject', () => {
    expect(authContextFromClaims({ sub: 's', token_use: 'id' })).toEqual({
      reason: 'an access token is required',
    });
    expect(authContextFromClaims({ token_use: 'access' })).toEqual({ reason: 'the token has no subject' });
  });
});
