/**
 * Who exists on a fresh local stack. Local only: these credentials are printed at start and shown on
 * the admin site's login when it runs against the local stack.
 */
export const SEED_ADMIN = {
  email: 'admin@nugget.local',
  password: 'NuggetAdmin1',
  firstName: 'Ada',
  lastName: 'Admin',
  admin: true,
} as const;

export const SEED_INVESTOR = {
  email: 'demo@nugget.local',
  password: 'NuggetDemo1',
  firstName: 'Dana',
  lastName: 'Demo',
  admin: false,
  tier: 'PREMIUM',
} as const;
