import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

/** The admin's landing screen until the dashboard of issue 13 lands. */
export function DashboardPlaceholder() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <Flex direction="column" gap="small">
        <Heading level={2} className="app-card-title">
          {t('placeholder.title')}
        </Heading>
        <Text className="app-muted">{t('placeholder.comingSoon')}</Text>
      </Flex>
    </Card>
  );
}
