import { Loader } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { getRuntimeConfig, type RuntimeConfig } from '@/kit/config/runtime-config';

export function adminRedirectLoader(): Promise<RuntimeConfig> {
  return getRuntimeConfig();
}

/** /admin on the investor site: a full page load to the admin site of the runtime config. */
export function AdminRedirect() {
  const { adminSiteUrl } = useLoaderData<RuntimeConfig>();
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(adminSiteUrl);
  }, [adminSiteUrl]);
  return <Loader size="large" aria-label={t('aria.loading')} />;
}
