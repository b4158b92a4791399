import { routes } from '@app/shared/api/areas/public';
import { message } from '@app/shared/messages/message';
import { render } from '../platform/messages';
import { getConfig, mailTokenSecretOf } from '../config';
import { APP_VERSION, checkDependencies } from '../platform/health';
import { createAreaHandler } from '../platform/http-handler';
import { createDocumentClient } from '../platform/dynamo-client';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { readSessionStateFromUsersTable } from '../data/session-states';
import { createContactMessagesRepository } from '../data/contact-messages-repository';
import { createUsersRepository } from '../data/users-repository';
import { createNotificationPreferencesRepository } from '../data/notification-preferences-repository';
import { createProductMailer } from '../notifications/mail-deps';
import { unsubscribe, type UnsubscribeDeps } from '../notifications/unsubscribe-service';
import { sendContactMessage, type ContactDeps } from './contact-service';

function createPublicDeps(): ContactDeps & { unsubscribe: UnsubscribeDeps } {
  const config = getConfig();
  const client = createDocumentClient(config);
  const now = () => new Date();
  return {
    mailer: createProductMailer(config, client),
    operatorEmail: config.OPERATOR_EMAIL,
    unsubscribe: {
      preferences: createNotificationPreferencesRepository(client, config.TABLE_HOLDINGS),
      // Read when a link is checked, not at start: the other public routes need no secret.
      get secret() {
        return mailTokenSecretOf(config);
      },
      now,
    },
    contact: createContactMessagesRepository(client, {
      moderation: config.TABLE_MODERATION,
      usage: config.TABLE_USAGE,
    }),
    users: createUsersRepository(client, config.TABLE_USERS),
    now,
  };
}

export const handler = createAreaHandler(
  'public',
  routes,
  {
    root: async ({ language }) => ({
      message: render(message('PUBLIC_WELCOME'), language),
      version: APP_VERSION,
      data_mode: getConfig().DATA_MODE,
    }),
    health: async () => checkDependencies('public', []),
    sendContactMessage: async ({ body, auth, sourceIp }, deps) =>
      sendContactMessage(body, { auth, sourceIp }, deps),
    unsubscribe: async ({ body }, deps) => unsubscribe(body.token, deps.unsubscribe),
    unsubscribeOneClick: async ({ query }, deps) => unsubscribe(query.token, deps.unsubscribe, 'query.token'),
  },
  {
    createDeps: createPublicDeps,
    recordCost: saveCostRecordToUsageTable,
    readSessionState: readSessionStateFromUsersTable,
  },
);
