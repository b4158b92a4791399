import { Button, Heading, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { contract } from '@app/shared/api/contract';
import {
  ANALYST_QUESTION_MAX_LENGTH,
  type AnalystAnswer,
  type AnalystFigure,
} from '@app/shared/domain/entities/analyst';
import type { Language } from '@app/shared/domain/enums';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { serverMessageOf } from '@/kit/api/api-error-text';
import { usePreferences } from '@/kit/preferences/preferences';
import { Badge } from '@/kit/ui/badge';
import { Card } from '@/kit/ui/card';
import { figureLink } from '@/lib/figure-links';
import './explanations.css';

/** A figure's value as the reader writes numbers, dates and amounts (docs/messages.md "Languages"). */
function figureValue(figure: AnalystFigure, language: Language): string {
  const { value, unit } = figure;
  if (value === null) return '–';
  if (typeof value === 'string') return unit === 'date' ? formatDate(value, language, 'UTC') : value;
  switch (unit) {
    case 'percent':
      return formatPercent(value, language);
    case 'signedPercent':
      return formatPercent(value, language, { signed: true });
    case 'usd':
      return formatCurrency(value, language);
    case 'count':
    case 'riskLevel':
    case 'shares':
      return formatNumber(value, language, 0);
    case 'score':
      return formatNumber(value, language, 1);
    default:
      return formatNumber(value, language, 2);
  }
}

function Answer({ answer, symbol }: { answer: AnalystAnswer; symbol: string | undefined }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  return (
    <section className="explanations-analyst__answer" data-testid="analyst-answer" aria-live="polite">
      <Badge variant="info">{t(`analyst.generatedBy.${answer.generated_by}`)}</Badge>
      <Text>{answer.text}</Text>
      <Text className="app-muted">
        {t('analyst.asOf', { date: formatDate(answer.as_of, language, 'UTC') })}
      </Text>
      {answer.figures.length > 0 ? (
        <>
          <Heading level={5} fontSize="small">
            {t('analyst.figures')}
          </Heading>
          <dl className="explanations-analyst__figures" data-testid="analyst-figures">
            {answer.figures.map((figure) => {
              // The screen that shows the figure; none for a figure no screen shows (lib/figure-links.ts).
              const href = figureLink(figure.id, symbol);
              return (
                <div key={figure.id} id={`analyst-figure-${figure.id}`} data-fact-id={figure.id}>
                  <dt>{href ? <Link to={href}>{figure.label}</Link> : figure.label}</dt>
                  <dd>
                    {figureValue(figure, language)}{' '}
                    <span className="app-muted">
                      {t('analyst.figureAsOf', { date: formatDate(figure.as_of, language, 'UTC') })}
                    </span>
                  </dd>
                </div>
              );
            })}
          </dl>
        </>
      ) : null}
    </section>
  );
}

/**
 * The analyst (docs/product.md "The analyst"): a question about an asset (`symbol`) or the caller's
 * portfolio, answered in the reader's language from the fact sheet; the answer says it is generated,
 * by templates or a checked language model, its date and the figures it used. For signed-in
 * investors (the routes count their daily analyst_questions quota).
 */
export function AnalystPanel({ symbol }: { symbol?: string }) {
  const { t, i18n } = useTranslation('charts');
  const [question, setQuestion] = useState('');
  const aboutSymbol = useRouteMutation(contract.ai.analyst);
  const aboutPortfolio = useRouteMutation(contract.portfolio.analyst);
  const ask = symbol ? aboutSymbol : aboutPortfolio;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) return;
    if (symbol) aboutSymbol.mutate({ body: { question: asked, symbol } });
    else aboutPortfolio.mutate({ body: { question: asked } });
  };
  return (
    <Card className="explanations-analyst" data-testid="analyst">
      <Heading level={4} fontSize="medium">
        {t('analyst.title')}
      </Heading>
      <Text className="app-muted">
        {t(symbol ? 'analyst.descriptionSymbol' : 'analyst.descriptionPortfolio')}
      </Text>
      <form onSubmit={submit} className="explanations-analyst__form">
        <TextAreaField
          label={t('analyst.question')}
          placeholder={t(symbol ? 'analyst.placeholderSymbol' : 'analyst.placeholderPortfolio')}
          value={question}
          maxLength={ANALYST_QUESTION_MAX_LENGTH}
          rows={2}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="submit" variation="primary" isLoading={ask.isPending} isDisabled={!question.trim()}>
          {t('analyst.ask')}
        </Button>
      </form>
      {ask.isError ? (
        <Text role="alert">{serverMessageOf(ask.error, i18n) ?? t('analyst.failed')}</Text>
      ) : null}
      {ask.data ? <Answer answer={ask.data} symbol={symbol} /> : null}
    </Card>
  );
}
