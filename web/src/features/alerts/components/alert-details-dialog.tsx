import { Flex, Text } from '@aws-amplify/ui-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserAlert } from '@app/shared/domain/entities/catalysts';
import { formatDateTime } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Dialog } from '@/kit/ui/dialog';
import { GENERAL_ASSET } from './alert-filters';

/** View Details: the alert in full, with the figures it was raised on and where they come from. */
export function AlertDetailsDialog({ alert, onClose }: { alert: UserAlert | null; onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const { language } = usePreferences();
  if (!alert) return null;
  return (
    <Dialog open title={alert.title} onClose={onClose} closeLabel={t('details.close')}>
      <Flex direction="column" gap="small" data-testid="alert-details">
        <div className="alerts-row">
          <Text as="span" fontWeight="bold">
            {alert.asset === GENERAL_ASSET ? t('marketGeneral') : alert.asset}
          </Text>
          <Badge variant="info">{t(`severity.${alert.severity}`)}</Badge>
          <Text as="span" className="app-muted" fontSize="small">
            {t(`types.${alert.type}`)}
          </Text>
        </div>
        <Text>{alert.message}</Text>
        {alert.description !== alert.message ? <Text className="app-muted">{alert.description}</Text> : null}
        <Text fontWeight="bold">{t('details.figures')}</Text>
        {alert.figures.length === 0 ? (
          <Text className="app-muted">{t('details.noFigures')}</Text>
        ) : (
          <dl className="app-definition-list" data-testid="alert-figures">
            {alert.figures.map((figure) => (
              <Fragment key={figure.name}>
                <dt>{t(`details.figureNames.${figure.name}`)}</dt>
                <dd>{figure.value}</dd>
              </Fragment>
            ))}
          </dl>
        )}
        <dl className="app-definition-list">
          <dt>{t('details.source')}</dt>
          <dd data-testid="alert-source">{t(`details.sources.${alert.source}`)}</dd>
          <dt>{t('details.raised')}</dt>
          <dd>{formatDateTime(alert.timestamp, language)}</dd>
        </dl>
      </Flex>
    </Dialog>
  );
}
