import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

/** What a route shows while its code and loader run on the first load of the page. */
export function RouteLoading() {
  const { t } = useTranslation('common');
  return (
    <Flex justifyContent="center" alignItems="center" gap="small" padding="xl" role="status">
      <Loader aria-hidden="true" />
      <Text>{t('status.loading')}</Text>
    </Flex>
  );
}
