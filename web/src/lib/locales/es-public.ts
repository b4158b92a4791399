import { bundleFromModules } from '@/kit/i18n/bundle-from-modules';

/** The es strings: what the public pages need. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>(
    '@shared-locales/es/{common,nav,home,pricing,about,contact,features,legal,errors}.json',
    { eager: true, import: 'default' },
  ),
);
