import { getConfig } from '../config';
import { APP_VERSION, checkDependencies } from '../platform/health';
import { createAreaHandler } from '../platform/http-handler';
import { saveCostRecordToUsageTable } from '../data/costs-repository';

export const handler = createAreaHandler(
  'public',
  {
    root: async () => ({
      message: 'Nugget Invest API: AI analyses, we recommend, you decide.',
      version: APP_VERSION,
      data_mode: getConfig().DATA_MODE,
    }),
    health: async () => checkDependencies('public', []),
  },
  { createDeps: () => ({}), recordCost: saveCostRecordToUsageTable },
);
