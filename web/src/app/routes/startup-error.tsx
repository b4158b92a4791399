import { Alert, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

/** Shown when a route cannot get what it needs to start (the runtime configuration, a chunk). */
export function StartupError() {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Flex justifyContent="center" padding="xl">
      <Alert variation="error" heading={t('errors:boundary.title')} role="alert">
        {t('common:startup.configFailed')}
      </Alert>
    </Flex>
  );
}
