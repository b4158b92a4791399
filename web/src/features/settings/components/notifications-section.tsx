import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/kit/ui/card';

/**
 * Notification choices. Today the in-app alert types are chosen on the Alerts page; the e-mail and
 * daily-digest choices per alert type go in `children` when the mail work lands (issue 27, mail half).
 */
export function NotificationsSection({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['settings']);
  return (
    <Card data-testid="notifications-section">
      <Heading level={2} className="app-card-title">
        {t('settings:sections.notifications')}
      </Heading>
      <Flex direction="column" gap="medium" marginTop="small">
        <Text className="app-muted">{t('settings:notifications.intro')}</Text>
        <Link to="/alerts">{t('settings:notifications.openAlerts')}</Link>
        {children}
      </Flex>
    </Card>
  );
}
