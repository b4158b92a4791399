import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import type { ReadSessionState } from '../platform/session-check';
import { createUsersRepository, type UsersRepository } from './users-repository';

let users: UsersRepository | undefined;

/**
 * The users table as the platform's source of session states (platform/session-check.ts): every area
 * handler passes it to the platform, so every route that reads a token checks the account and its
 * revocation time, locally and in the cloud (docs/accounts.md "Sign out of every session").
 */
export const readSessionStateFromUsersTable: ReadSessionState = (userId) => {
  if (!users) {
    const config = getConfig();
    users = createUsersRepository(createDocumentClient(config), config.TABLE_USERS);
  }
  return users.sessionState(userId);
};
