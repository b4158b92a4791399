import { Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

const DATA_SOURCES = {
  replay: 'footer.dataSources',
  live: 'footer.dataSourcesLive',
  pending: 'footer.dataSourcesPending',
} as const;

/** The footer's line naming the data that serves the site (replay, live, or not known yet). */
export function DataSourcesText({ mode }: { mode: 'replay' | 'live' | null }) {
  const { t } = useTranslation('common');
  return <Text className="app-muted app-footer__small">{t(DATA_SOURCES[mode ?? 'pending'])}</Text>;
}
