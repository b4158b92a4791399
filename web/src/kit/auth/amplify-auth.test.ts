import { describe, expect, it } from 'vitest';
import { configureAmplifyAuth, mayHoldStoredSession } from './amplify-auth';

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
