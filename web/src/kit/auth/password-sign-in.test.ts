import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentGroups, loadAmplifyAuth, mayHoldStoredSession, type AmplifyAuthModule } from './amplify-auth';
import { confirmTotpCode, hasSession, SignInError, signInWithPassword } from './password-sign-in';

vi.mock('./amplify-auth', () => ({
  authFlowType: () => 'USER_PASSWORD_AUTH',
  currentGroups: vi.fn(),
  loadAmplifyAuth: vi.fn(),
  mayHoldStoredSession: vi.fn(),
}));

const auth = {
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
};

describe('password sign-in', () => {
  beforeEach(() => {
    for (const fn of Object.values(auth)) fn.mockReset();
    vi.mocked(currentGroups).mockReset();
    vi.mocked(loadAmplifyAuth)
      .mockReset()
      .mockResolvedValue(auth as unknown as AmplifyAuthModule);
    vi.mocked(mayHoldStoredSession).mockReset().mockReturnValue(true);
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    auth.signOut.mockResolvedValue(undefined);
    auth.fetchAuthSession.mockResolvedValue({ tokens: { accessToken: 'token' } });
  });

  it('signs anyone in when the site requires no group, with the configured flow and a trimmed email', async () => {
    await signInWithPassword(' demo@nugget.local ', 'NuggetDemo1');

    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'demo@nugget.local',
      password: 'NuggetDemo1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(currentGroups).not.toHaveBeenCalled();
  });

  it('signs in with the address as typed in any case (issue 46: the API stores it lower-cased)', async () => {
    await signInWithPassword('Name.Surname@Example.com', 'NuggetDemo1');

    expect(auth.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'name.surname@example.com' }),
    );
  });

  it('admits a member of the required group', async () => {
    vi.mocked(currentGroups).mockResolvedValue(['ADMIN']);

    await signInWithPassword('admin@nugget.local', 'NuggetAdmin1', { requiredGroup: 'ADMIN' });

    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('signs a non-member out again and refuses them', async () => {
    vi.mocked(currentGroups).mockResolvedValue([]);

    await expect(
      signInWithPassword('demo@nugget.local', 'NuggetDemo1', { requiredGroup: 'ADMIN' }),
    ).rejects.toMatchObject({ kind: 'missing-group' });
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it('reports a wrong password as invalid credentials (cognito-local and Cognito names)', async () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException']) {
      auth.signIn.mockRejectedValueOnce(Object.assign(new Error('nope'), { name }));
      await expect(signInWithPassword('admin@nugget.local', 'bad')).rejects.toMatchObject({
        kind: 'invalid-credentials',
      });
    }
  });

  it("ends another user's session left in the browser and signs in as asked", async () => {
    auth.signIn
      .mockRejectedValueOnce(
        Object.assign(new Error('already'), { name: 'UserAlreadyAuthenticatedException' }),
      )
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    await signInWithPassword('demo@nugget.local', 'NuggetDemo1');

    expect(auth.signOut).toHaveBeenCalledOnce();
    expect(auth.signIn).toHaveBeenCalledTimes(2);
  });

  it('asks for the authenticator code after a right password, then signs in with it', async () => {
    auth.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    auth.confirmSignIn
      .mockRejectedValueOnce(Object.assign(new Error('mismatch'), { name: 'CodeMismatchException' }))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

    await expect(signInWithPassword('totp@nugget.local', 'NuggetDemo1')).rejects.toMatchObject({
      kind: 'totp-required',
    });
    await expect(confirmTotpCode('000000')).rejects.toEqual(new SignInError('totp-wrong'));
    await confirmTotpCode(' 123456 ');

    expect(auth.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
  });

  it('ends a restored session outside the required group', async () => {
    auth.getCurrentUser.mockResolvedValue({ username: 'sub' });
    vi.mocked(currentGroups).mockResolvedValue(['SOMETHING_ELSE']);

    await expect(hasSession({ requiredGroup: 'ADMIN' })).resolves.toBe(false);
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it('keeps a restored session when no group is required', async () => {
    auth.getCurrentUser.mockResolvedValue({ username: 'sub' });

    await expect(hasSession()).resolves.toBe(true);
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('answers signed out without loading Amplify when the browser stores no session', async () => {
    vi.mocked(mayHoldStoredSession).mockReturnValue(false);

    await expect(hasSession({ requiredGroup: 'ADMIN' })).resolves.toBe(false);
    expect(loadAmplifyAuth).not.toHaveBeenCalled();
  });
});
