import type { AuthContext } from '../platform/auth-context';
import { message } from '@app/shared/messages/message';
import { ForbiddenError, UnauthorizedError } from '../platform/errors';

/** The public demo's user id in paths (docs/product.md "Roles, plans and demo mode": the default user id). */
export const DEMO_USER = 'demo_user';

export interface ListOwner {
  /** Whose data the list shows: the caller, or the seeded demo investor (null when none is configured). */
  userId: string | null;
  isDemo: boolean;
}

/**
 * Who may read `/ai/.../{user}`: anyone may read `demo_user`; otherwise only the signed-in user
 * whose id it is. A path id never grants access by itself, and admins use the admin area instead.
 */
export function resolveListOwner(pathUser: string, auth: AuthContext, demoUserId: string | null): ListOwner {
  if (pathUser === DEMO_USER) return { userId: demoUserId, isDemo: true };
  if (auth.kind !== 'user') {
    throw new UnauthorizedError(message('AUTH_LIST_SIGN_IN_REQUIRED', { demo: DEMO_USER }));
  }
  if (auth.userId !== pathUser) throw new ForbiddenError(message('AUTH_LIST_NOT_YOURS'));
  return { userId: auth.userId, isDemo: false };
}
