import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentGroups, loadAmplifyAuth, type AmplifyAuthModule } from '@app/web/lib/amplify-auth';
import { restoreAdminSession, signInAdmin } from './admin-sign-in';

vi.mock('@app/web/lib/amplify-auth', () => ({
  authFlowType: () => 'USER_PASSWORD_AUTH',
  currentGroups: vi.fn(),
  loadAmplifyAuth: vi.fn(),
}));

const auth = {
  signIn: vi.fn(),
  signOut: vi.fn(),
  getCurrentUser: vi.fn(),
};

describe('admin sign-in', () => {
  beforeEach(() => {
    for (const fn of Object.values(auth)) fn.mockReset();
    vi.mocked(loadAmplifyAuth).mockResolvedValue(auth as unknown as AmplifyAuthModule);
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    auth.signOut.mockResolvedValue(undefined);
  });

  it('admits a member of the ADMIN group', async () => {
    vi.mocked(currentGroups).mockResolvedValue(['ADMIN']);

    await signInAdmin('admin@nugget.local', 'NuggetAdmin1');

    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'admin@nugget.local',
      password: 'NuggetAdmin1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('signs an investor out again and refuses them', async () => {
    vi.mocked(currentGroups).mockResolvedValue([]);

    await expect(signInAdmin('demo@nugget.local', 'NuggetDemo1')).rejects.toMatchObject({
      kind: 'not-admin',
    });
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it('reports a wrong password as invalid credentials (cognito-local and Cognito names)', async () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException']) {
      auth.signIn.mockRejectedValueOnce(Object.assign(new Error('nope'), { name }));
      await expect(signInAdmin('admin@nugget.local', 'bad')).rejects.toMatchObject({
        kind: 'invalid-credentials',
      });
    }
  });

  it('ends a restored session that is not an admin', async () => {
    auth.getCurrentUser.mockResolvedValue({ username: 'sub' });
    vi.mocked(currentGroups).mockResolvedValue(['SOMETHING_ELSE']);

    await expect(restoreAdminSession()).resolves.toBe(false);
    expect(auth.signOut).toHaveBeenCalledOnce();
  });
});
