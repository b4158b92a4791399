import { getConfig } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import { createUsersRepository } from '../data/users-repository';
import { createAreaHandler } from '../platform/http-handler';
import { message } from '@app/shared/messages/message';
import { NotFoundError } from '../platform/errors';
import { createCognitoGateway } from './cognito-gateway';
import { getCurrentUser, loginUser, registerUser, type AuthDeps } from './auth-service';
import { checkDependencies } from '../platform/health';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

function createDeps(): AuthDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  return {
    users: createUsersRepository(client, config.TABLE_USERS),
    cognito: createCognitoGateway(config),
    now: () => new Date(),
  };
}

export const handler = createAreaHandler(
  'auth',
  {
    register: async ({ body, language }, deps) => ({
      reply: { status: 201, body: await registerUser(body, language, deps) },
    }),
    login: async ({ body, language }, deps) => loginUser(body.email, body.password, language, deps),
    me: async ({ auth }, deps) => {
      if (auth.kind !== 'user') throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
      return getCurrentUser(auth.userId, auth.isAdmin, deps);
    },
    updateMe: async ({ auth, body }, deps) => {
      if (auth.kind !== 'user') throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
      const updated = await deps.users.updateProfile(auth.userId, body);
      if (!updated) throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
      return { ...updated, role: auth.isAdmin ? 'ADMIN' : 'USER' };
    },
    health: async (_request, deps) => checkDependencies('auth', [() => deps.users.get('health-check')]),
  },
  { createDeps, recordCost: saveCostRecordToUsageTable },
);
