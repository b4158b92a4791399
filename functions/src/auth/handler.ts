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
import { createMailCodesRepository } from '../data/mail-codes-repository';
import { createProductMailer } from '../notifications/mail-deps';
import { createIdentityAdmin } from './identity-admin';
import {
  confirmEmailChange,
  confirmPasswordReset,
  requestEmailChange,
  requestPasswordReset,
  type MailCodeDeps,
} from './mail-code-service';

function createDeps(): AuthDeps & { mailCodes: MailCodeDeps } {
  const config = getConfig();
  const client = createDocumentClient(config);
  const users = createUsersRepository(client, config.TABLE_USERS);
  const now = () => new Date();
  return {
    users,
    cognito: createCognitoGateway(config),
    now,
    mailCodes: {
      users,
      codes: createMailCodesRepository(client, { users: config.TABLE_USERS, usage: config.TABLE_USAGE }),
      mailer: createProductMailer(config, client),
      identity: createIdentityAdmin(config),
      secret: config.MAIL_TOKEN_SECRET,
      now,
    },
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
    requestPasswordReset: async ({ body }, deps) => requestPasswordReset(body.email, deps.mailCodes),
    confirmPasswordReset: async ({ body }, deps) => confirmPasswordReset(body, deps.mailCodes),
    requestEmailChange: async ({ auth, body }, deps) => {
      if (auth.kind !== 'user') throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
      return requestEmailChange(auth.userId, body.new_email, deps.mailCodes);
    },
    confirmEmailChange: async ({ auth, body }, deps) => {
      if (auth.kind !== 'user') throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
      const updated = await confirmEmailChange(auth.userId, body.code, deps.mailCodes);
      return { ...updated, role: auth.isAdmin ? 'ADMIN' : 'USER' };
    },
    health: async (_request, deps) => checkDependencies('auth', [() => deps.users.get('health-check')]),
  },
  { createDeps, recordCost: saveCostRecordToUsageTable },
);
