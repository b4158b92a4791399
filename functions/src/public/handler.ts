import { message } from '@app/shared/messages/message';
import { render } from '../platform/messages';
import { getConfig } from '../config';
import { APP_VERSION, checkDependencies } from '../platform/health';
import { createAreaHandler } from '../platform/http-handler';
import { createDocumentClient } from '../platform/dynamo-client';
import { saveCostRecordToUsageTable } from '../data/costs-repository';
import { createContactMessagesRepository } from '../data/contact-messages-repository';
import { createUsersRepository } from '../data/users-repository';
import { sendContactMessage, type ContactDeps } from './contact-service';

function createPublicDeps(): ContactDeps {
  const config = getConfig();
  const client = createDocumentClient(config);
  return {
    contact: createContactMessagesRepository(client, {
      moderation: config.TABLE_MODERATION,
      usage: config.TABLE_USAGE,
    }),
    users: createUsersRepository(client, config.TABLE_USERS),
    now: () => new Date(),
  };
}

export const handler = createAreaHandler(
  'public',
  {
    root: async ({ language }) => ({
      message: render(message('PUBLIC_WELCOME'), language),
      version: APP_VERSION,
      data_mode: getConfig().DATA_MODE,
    }),
    health: async () => checkDependencies('public', []),
    sendContactMessage: async ({ body, auth, sourceIp }, deps) =>
      sendContactMessage(body, { auth, sourceIp }, deps),
  },
  { createDeps: createPublicDeps, recordCost: saveCostRecordToUsageTable },
);
