import { routes } from '@app/shared/api/areas/auth';
import { getConfig, mailTokenSecretOf } from '../config';
import { createDocumentClient } from '../platform/dynamo-client';
import { createUsersRepository } from '../data/users-repository';
import { createTotpStepsRepository } from '../data/totp-steps-repository';
import { createAccountRecordsRepository } from '../data/account-records-repository';
import { createAreaHandler } from '../platform/http-handler';
import { bearerTokenOf } from '../platform/token-verifier';
import { hasAcceptLanguage } from '../platform/messages';
import type { AuthContext } from '../platform/auth-context';
import { message } from '@app/shared/messages/message';
import { NotFoundError, UnauthorizedError } from '../platform/errors';
import { createCognitoGateway } from './cognito-gateway';
import { getCurrentUser, loginUser, type LoginDeps } from './auth-service';
import { confirmSignUp, startSignUp } from './sign-up-service';
import {
  changePassword,
  deleteAccount,
  exportAccountData,
  signOutEverywhere,
  type AccountDeps,
  type Caller,
} from './account-service';
import { checkDependencies } from '../platform/health';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';
import { createMailCodesRepository } from '../data/mail-codes-repository';
import { createProductMailer } from '../notifications/mail-deps';
import { createSqsMailQueue } from '../notifications/mail-queue';
import { createQueueClient } from '../platform/queue-client';
import { createIdentityAdmin } from './identity-admin';
import { endEverySession } from './session-revocation';
import { confirmPasswordReset, requestPasswordReset, type MailCodeDeps } from './mail-code-service';
import { createEmailClaimsRepository } from '../data/email-claims-repository';
import { createTotpSwitch, turnOffTwoFactor, type TwoFactorDeps } from './two-factor-service';
import {
  confirmEmailChange,
  requestEmailChange,
  undoEmailChange,
  type EmailChangeDeps,
} from './email-change-service';

function createDeps(): LoginDeps &
  AccountDeps &
  Pick<TwoFactorDeps, 'turnOffTotp'> & { mailCodes: MailCodeDeps; emailChange: EmailChangeDeps } {
  const config = getConfig();
  const client = createDocumentClient(config);
  const users = createUsersRepository(client, config.TABLE_USERS);
  const cognito = createCognitoGateway(config);
  const now = () => new Date();
  const mailCodes: MailCodeDeps = {
    users,
    codes: createMailCodesRepository(client, { users: config.TABLE_USERS, usage: config.TABLE_USAGE }),
    mailer: createProductMailer(config, client),
    mailQueue: createSqsMailQueue(createQueueClient(config), config.MAIL_QUEUE_URL),
    identity: createIdentityAdmin(config),
    endSessions: (userId) => endEverySession(userId, { users, cognito, now }),
    secret: mailTokenSecretOf(config),
    now,
  };
  return {
    users,
    cognito,
    totpSteps: createTotpStepsRepository(client, config.TABLE_USERS),
    now,
    accountRecords: createAccountRecordsRepository(client, {
      users: config.TABLE_USERS,
      holdings: config.TABLE_HOLDINGS,
      usage: config.TABLE_USAGE,
      moderation: config.TABLE_MODERATION,
    }),
    invoiceRetentionYears: config.INVOICE_RETENTION_YEARS,
    mailQueue: mailCodes.mailQueue,
    mailCodes,
    emailChange: {
      ...mailCodes,
      users,
      cognito,
      claims: createEmailClaimsRepository(client, config.TABLE_USERS),
      siteUrl: config.PUBLIC_SITE_URL,
    },
    turnOffTotp: createTotpSwitch(config),
  };
}

function callerOf(auth: AuthContext): Caller {
  if (auth.kind !== 'user') throw new NotFoundError(message('AUTH_PROFILE_NOT_FOUND'));
  return { userId: auth.userId, username: auth.username };
}

export const handler = createAreaHandler(
  'auth',
  routes,
  {
    register: async ({ body, language }, deps) =>
      startSignUp(body, language, { auth: deps, mailCodes: deps.mailCodes }),
    confirmRegistration: async ({ body }, deps) => ({
      reply: { status: 201, body: await confirmSignUp(body, { auth: deps, mailCodes: deps.mailCodes }) },
    }),
    login: async ({ body, language }, deps) =>
      loginUser({ email: body.email, password: body.password, totpCode: body.totp_code }, language, deps),
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
    requestPasswordReset: async ({ body, language, headers }, deps) =>
      requestPasswordReset(body.email, hasAcceptLanguage(headers) ? language : null, deps.mailCodes),
    confirmPasswordReset: async ({ body }, deps) => confirmPasswordReset(body, deps.mailCodes),
    requestEmailChange: async ({ auth, body }, deps) =>
      requestEmailChange(callerOf(auth).userId, body, deps.emailChange),
    confirmEmailChange: async ({ auth, body }, deps) => {
      const updated = await confirmEmailChange(callerOf(auth).userId, body.code, deps.emailChange);
      return { ...updated, role: auth.kind === 'user' && auth.isAdmin ? 'ADMIN' : 'USER' };
    },
    undoEmailChange: async ({ body }, deps) => undoEmailChange(body.token, deps.emailChange),
    changePassword: async ({ auth, body, headers }, deps) => {
      const caller = callerOf(auth);
      // The route is 'user': the token was verified before the handler ran; Cognito takes it as is.
      const token = bearerTokenOf(headers);
      if (!token) throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
      return changePassword(caller, token, body, deps);
    },
    turnOffTwoFactor: async ({ auth, body, headers }, deps) => {
      const caller = callerOf(auth);
      const token = bearerTokenOf(headers);
      if (!token) throw new UnauthorizedError(message('AUTH_SIGN_IN_REQUIRED'));
      return turnOffTwoFactor(caller.userId, token, body.current_password, deps);
    },
    signOutEverywhere: async ({ auth }, deps) => signOutEverywhere(callerOf(auth), deps),
    exportData: async ({ auth }, deps) => exportAccountData(callerOf(auth), deps),
    deleteAccount: async ({ auth, body, language }, deps) =>
      deleteAccount(callerOf(auth), body.password, language, deps),
    health: async (_request, deps) => checkDependencies('auth', [() => deps.users.get('health-check')]),
  },
  { createDeps, recordCost: saveCostRecordToUsageTable, readSessionState: readSessionStateFromUsersTable },
);
