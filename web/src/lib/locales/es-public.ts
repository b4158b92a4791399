import { bundleFromModules } from './bundle';

/** The es strings: what the public pages need. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>(
    '@shared-locales/es/{common,nav,home,pricing,about,contact,features,errors}.json',
    { eager: true, import: 'default' },
  ),
);
