import { bundleFromModules } from '@/kit/i18n/bundle-from-modules';

/** The fr strings: the signed-in area's namespaces. */
export default bundleFromModules(
  import.meta.glob<Record<string, unknown>>(
    '@shared-locales/fr/{auth,shell,dashboard,portfolio,gating,recommendations,screener,watchlists,contextual,alerts,subscription,settings,methodology,glossary,messages,terms,charts}.json',
    { eager: true, import: 'default' },
  ),
);
