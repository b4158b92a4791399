import { Alert, Button, Flex, Loader, SwitchField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { NotificationPreferences } from '@app/shared/domain/entities/catalysts';
import { MARKET_ALERT_TYPES } from '@app/shared/domain/enums';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';

function PreferencesForm({ saved, onDone }: { saved: NotificationPreferences; onDone: () => void }) {
  const { t } = useTranslation(['alerts', 'common']);
  const toast = useToast();
  const save = useRouteMutation(contract.portfolio.saveNotificationPreferences);
  const [inApp, setInApp] = useState(saved.in_app);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { body: { in_app: inApp } },
          {
            onSuccess: () => {
              toast.show({ variant: 'success', title: t('alerts:preferences.saved') });
              onDone();
            },
            onError: () =>
              toast.show({
                variant: 'error',
                title: t('common:status.error'),
                description: t('alerts:actionFailed'),
              }),
          },
        );
      }}
    >
      <Flex direction="column" gap="small">
        {MARKET_ALERT_TYPES.map((type) => (
          <SwitchField
            key={type}
            name={type}
            label={t(`alerts:types.${type}`)}
            isChecked={inApp[type]}
            onChange={(event) => setInApp((current) => ({ ...current, [type]: event.target.checked }))}
          />
        ))}
        <Flex justifyContent="flex-end">
          <Button type="submit" variation="primary" size="small" isLoading={save.isPending}>
            {t('alerts:preferences.save')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/**
 * The alerts page's Settings: which alert types the app shows (stored on the server). E-mail delivery
 * is not built yet, and the dialog says so.
 */
export function NotificationSettingsDialog({
  open,
  canPersist,
  onClose,
}: {
  open: boolean;
  canPersist: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['alerts', 'common']);
  const preferences = useRouteQuery(contract.portfolio.notificationPreferences, undefined, {
    enabled: open && canPersist,
  });
  let body;
  if (!canPersist) body = <Text>{t('alerts:preferences.demo')}</Text>;
  else if (preferences.isPending) body = <Loader aria-label={t('common:status.loading')} />;
  else if (preferences.isError) body = <Alert variation="error">{t('alerts:preferences.loadFailed')}</Alert>;
  else body = <PreferencesForm saved={preferences.data} onDone={onClose} />;
  return (
    <Dialog
      open={open}
      title={t('alerts:preferences.title')}
      description={t('alerts:preferences.description')}
      onClose={onClose}
      closeLabel={t('alerts:details.close')}
    >
      <Flex direction="column" gap="medium" data-testid="notification-preferences">
        <Alert variation="info">{t('alerts:preferences.emailNotYet')}</Alert>
        {body}
      </Flex>
    </Dialog>
  );
}
