import { Alert, Button, CheckboxField, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { NotificationPreferences } from '@app/shared/domain/entities/catalysts';
import { DIGEST_HOUR_UTC } from '@app/shared/domain/entities/mail';
import { MARKET_ALERT_TYPES } from '@app/shared/domain/enums';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { Dialog } from '@/kit/ui/dialog';
import { useToast } from '@/kit/ui/toast';

const CHANNELS = ['in_app', 'email', 'digest'] as const;
type Channel = (typeof CHANNELS)[number];

function PreferencesForm({ saved, onDone }: { saved: NotificationPreferences; onDone: () => void }) {
  const { t } = useTranslation(['alerts', 'common']);
  const toast = useToast();
  const save = useRouteMutation(contract.portfolio.saveNotificationPreferences);
  const [preferences, setPreferences] = useState(saved);
  const toggle = (channel: Channel, type: (typeof MARKET_ALERT_TYPES)[number], on: boolean) =>
    setPreferences((current) => ({ ...current, [channel]: { ...current[channel], [type]: on } }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { body: preferences },
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
        <table className="app-alert-preferences">
          <thead>
            <tr>
              <th scope="col">{t('alerts:preferences.channels.type')}</th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {t(`alerts:preferences.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MARKET_ALERT_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row">{t(`alerts:types.${type}`)}</th>
                {CHANNELS.map((channel) => (
                  <td key={channel}>
                    <CheckboxField
                      name={`${channel}.${type}`}
                      label={`${t(`alerts:types.${type}`)}: ${t(`alerts:preferences.channels.${channel}`)}`}
                      labelHidden
                      checked={preferences[channel][type]}
                      onChange={(event) => toggle(channel, type, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
 * The alerts page's Settings: per alert type, in the app, by e-mail when raised, and in the daily
 * digest (stored on the server; the mails carry a one-click unsubscribe link).
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
        <Text fontSize="small" className="app-muted">
          {t('alerts:preferences.mailNote', { hour: String(DIGEST_HOUR_UTC).padStart(2, '0') })}
        </Text>
        {body}
      </Flex>
    </Dialog>
  );
}
