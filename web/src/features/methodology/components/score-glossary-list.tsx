import { Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { GLOSSARY_TERMS, glossaryAnchor } from '@app/shared/domain/rules/score-glossary';
import { Card } from '@/kit/ui/card';

/** The glossary every figure of a score card links to: label, unit and one-line meaning (issue 28). */
export function ScoreGlossaryList() {
  const { t } = useTranslation('glossary');
  return (
    <Card id="glossary" data-testid="score-glossary">
      <Heading level={2} fontSize="large">
        {t('title')}
      </Heading>
      <Text>{t('intro')}</Text>
      <dl className="app-glossary">
        {GLOSSARY_TERMS.map((term) => (
          <div key={term} id={glossaryAnchor(term)} data-glossary-entry={term}>
            <dt>
              <strong>{t(`terms.${term}.label`)}</strong>{' '}
              <span className="app-muted">({t('unitLabel', { unit: t(`terms.${term}.unit`) })})</span>
            </dt>
            <dd>{t(`terms.${term}.meaning`)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
