import { message } from '@app/shared/messages/message';
import { render } from '../platform/messages';
import { getConfig } from '../config';
import { APP_VERSION, checkDependencies } from '../platform/health';
import { createAreaHandler } from '../platform/http-handler';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

export const handler = createAreaHandler(
  'public',
  {
    root: async ({ language }) => ({
      message: render(message('PUBLIC_WELCOME'), language),
      version: APP_VERSION,
      data_mode: getConfig().DATA_MODE,
    }),
    health: async () => checkDependencies('public', []),
  },
  { createDeps: () => ({}), recordCost: saveCostRecordToUsageTable },
);
