import { bundleFromModules } from '@app/web/kit/bundle-from-modules';

/** The en strings the admin site uses. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>('@shared-locales/en/{common,nav,auth,admin,errors}.json', {
    eager: true,
    import: 'default',
  }),
);
