import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import type { FactorCounterfactual, GradeShift } from '@app/shared/domain/entities/counterfactuals';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteQuery } from '@/kit/api/route-query';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import './counterfactuals-panel.css';

/** One direction of a factor: the server's sentence, or why there is none. */
function ShiftLine({
  label,
  shift,
  factor,
  edge,
}: {
  label: string;
  shift: GradeShift | null;
  factor: FactorCounterfactual;
  edge: string;
}) {
  const { t } = useTranslation('charts');
  const text = shift ? shift.text : factor.current === null ? t('counterfactuals.noInput') : edge;
  return (
    <li data-outcome={shift?.outcome ?? 'none'}>
      <strong>{label}</strong> {text}
    </li>
  );
}

/**
 * What would move an asset's grade (docs/product.md "Counterfactuals"): per factor, the value of its
 * main input that moves the grade one step up and one step down, as the server states it in the
 * reader's language and number format. Shared: the screener's explained score and a recommendation's
 * detail both show it.
 */
export function CounterfactualsPanel({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation('charts');
  const { language } = usePreferences();
  const answer = useRouteQuery(contract.ai.counterfactuals, { params: { symbol } });
  if (answer.isPending) return <Loader aria-label={t('loading')} />;
  if (answer.isError) {
    return <Text role="alert">{serverMessageOf(answer.error, i18n) ?? t('counterfactuals.loadFailed')}</Text>;
  }
  const date = formatDate(answer.data.market_date, language, 'UTC');
  return (
    <Card className="counterfactuals" data-testid="counterfactuals">
      <Heading level={4} fontSize="medium">
        {t('counterfactuals.title')}
      </Heading>
      <Text className="app-muted">{t('counterfactuals.description', { date })}</Text>
      <dl className="counterfactuals__list">
        {answer.data.factors.map((factor) => (
          <div key={factor.factor} data-factor={factor.factor}>
            <dt>{t(`factors.${factor.factor}`)}</dt>
            <dd>
              <ul>
                <ShiftLine
                  label={t('counterfactuals.up')}
                  shift={factor.up}
                  factor={factor}
                  edge={t('counterfactuals.top')}
                />
                <ShiftLine
                  label={t('counterfactuals.down')}
                  shift={factor.down}
                  factor={factor}
                  edge={t('counterfactuals.bottom')}
                />
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
