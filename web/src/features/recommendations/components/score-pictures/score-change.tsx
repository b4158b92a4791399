import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { InputChange, ScoreChange } from '@app/shared/domain/entities/score-history';
import { formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import type { Language } from '@app/shared/domain/enums';
import { usePreferences } from '@/kit/preferences/preferences';

const signed = (value: number, language: Language) =>
  `${value > 0 ? '+' : ''}${formatNumber(value, language, 1)}`;

/** An input's figure in its unit: a percentage with its sign, a ratio or an amount as a number. */
function inputFigure(value: number | null, unit: InputChange['unit'], language: Language, missing: string) {
  if (value === null) return missing;
  if (unit === 'percent') return formatPercent(value, language, { maximumFractionDigits: 1 });
  return formatNumber(value, language, 2);
}

function InputLine({ input }: { input: InputChange }) {
  const { t, i18n } = useTranslation('charts');
  const { language } = usePreferences();
  const labelKey = `inputs.${input.name}`;
  const known = i18n.exists(labelKey, { ns: 'charts' });
  const missing = t('notAvailable');
  return (
    <li>
      {t('changed.input', {
        input: known ? t(labelKey as 'inputs.pe_ratio') : t('unknownInput'),
        from: inputFigure(input.from, input.unit, language, missing),
        to: inputFigure(input.to, input.unit, language, missing),
        points: signed(input.factor_points, language),
      })}
    </li>
  );
}

/** What changed between the first and last stored day: the composite, each factor, the inputs behind it. */
export function ScoreChangeView({
  change,
  detailLevel,
}: {
  change: ScoreChange;
  detailLevel: 'basic' | 'full';
}) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  return (
    <section aria-labelledby="score-change-title">
      <Heading id="score-change-title" level={5} fontSize="small">
        {t('changed.title')}
      </Heading>
      <Text>
        {t('changed.summary', {
          from: formatNumber(change.composite_from, language, 1),
          to: formatNumber(change.composite_to, language, 1),
          delta: signed(change.composite_delta, language),
          gradeFrom: change.grade_from,
          gradeTo: change.grade_to,
        })}
      </Text>
      {change.factors.length === 0 ? <Text>{t('changed.none')}</Text> : null}
      <ul className="score-change__factors">
        {change.factors.map((factor) => (
          <li key={factor.name}>
            {t('changed.factor', {
              factor: t(`factors.${factor.name}`),
              from: formatNumber(factor.from, language, 1),
              to: formatNumber(factor.to, language, 1),
              delta: signed(factor.delta, language),
              points: signed(factor.composite_points, language),
            })}
            {factor.inputs && factor.inputs.length > 0 ? (
              <ul>
                {factor.inputs.slice(0, 3).map((input) => (
                  <InputLine key={input.name} input={input} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {detailLevel === 'basic' && change.factors.length > 0 ? (
        <Text className="app-muted">{t('changed.inputsLocked')}</Text>
      ) : null}
    </section>
  );
}
