import { bundleFromModules } from '@app/web/kit/bundle-from-modules';

/** The fr strings the admin site uses. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>('@shared-locales/fr/{common,nav,auth,admin,errors}.json', {
    eager: true,
    import: 'default',
  }),
);
