import type { User } from '@app/shared/domain/entities/user';

/** The profile the auth area's platform tests answer with. */
export const user: User = {
  id: 'user-1',
  email: 'ines@example.test',
  first_name: 'Ines',
  last_name: '',
  role: 'USER',
  subscription_tier: 'FREE',
  language: 'en',
  theme: 'dark',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The account routes a platform test of the auth area does not call (createAreaHandler wants every route). */
const notUsed = async (): Promise<never> => Promise.reject(new Error('not used'));

export const UNUSED_ACCOUNT_ROUTES = {
  confirmRegistration: notUsed,
  changePassword: notUsed,
  signOutEverywhere: notUsed,
  exportData: notUsed,
  deleteAccount: notUsed,
  undoEmailChange: notUsed,
  turnOffTwoFactor: notUsed,
};
