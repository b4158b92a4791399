import { bundleFromModules } from '@/kit/i18n/bundle-from-modules';

/** The en strings: what the public pages need. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>(
    '@shared-locales/en/{common,nav,home,pricing,about,contact,features,legal,errors}.json',
    { eager: true, import: 'default' },
  ),
);
