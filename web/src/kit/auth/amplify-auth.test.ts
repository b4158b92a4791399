import { describe, expect, it } from 'vitest';
import { configureAmplifyAuth, mayHoldStoredSession, storedSessionUserId } from './amplify-auth';

/** A storage holding exactly `entries`. */
function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('mayHoldStoredSession', () => {
  configureAmplifyAuth({ userPoolId: 'local_pool', userPoolClientId: 'client-a' });

  it("is true when Amplify's last-user key of this app client is stored", () => {
    // The key Amplify's token store writes, spelled out by hand from @aws-amplify/auth's TokenStore.
    const storage = storageWith({ 'CognitoIdentityServiceProvider.client-a.LastAuthUser': 'sub-1' });
    expect(mayHoldStoredSession(storage)).toBe(true);
  });

  it("is false without it, even when another app client's session is stored", () => {
    const storage = storageWith({ 'CognitoIdentityServiceProvider.client-b.LastAuthUser': 'sub-1' });
    expect(mayHoldStoredSession(storage)).toBe(false);
  });

  it('leaves the answer to Amplify when storage cannot be read', () => {
    const storage: Pick<Storage, 'getItem'> = {
      getItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(mayHoldStoredSession(storage)).toBe(true);
  });
});

describe('storedSessionUserId', () => {
  configureAmplifyAuth({ userPoolId: 'local_pool', userPoolClientId: 'client-a' });
  // A token whose payload is {"sub":"user-7","token_use":"access"}, base64url-encoded by hand.
  const token = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyLTciLCJ0b2tlbl91c2UiOiJhY2Nlc3MifQ.sig';

  it("reads the sub of the stored access token, under Amplify's key for the last user", () => {
    const storage = storageWith({
      'CognitoIdentityServiceProvider.client-a.LastAuthUser': 'ana',
      'CognitoIdentityServiceProvider.client-a.ana.accessToken': token,
    });
    expect(storedSessionUserId(storage)).toBe('user-7');
  });

  it('is null without a stored token, or with one that does not decode', () => {
    const lastUser = { 'CognitoIdentityServiceProvider.client-a.LastAuthUser': 'ana' };
    expect(storedSessionUserId(storageWith(lastUser))).toBeNull();
    expect(
      storedSessionUserId(
        storageWith({ ...lastUser, 'CognitoIdentityServiceProvider.client-a.ana.accessToken': 'x.%%%.y' }),
      ),
    ).toBeNull();
    expect(
      storedSessionUserId(
        storageWith({
          'CognitoIdentityServiceProvider.client-b.LastAuthUser': 'ana',
          [`CognitoIdentityServiceProvider.client-b.ana.accessToken`]: token,
        }),
      ),
    ).toBeNull();
  });
});
