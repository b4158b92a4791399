import {
  CATALYST_TYPES,
  SENTIMENT_LABELS,
  type CatalystType,
  type SentimentLabel,
} from '@app/shared/domain/enums';
import { sentimentLabel } from '@app/shared/domain/rules/catalyst-thresholds';
import { classifyCatalyst } from './classify-catalyst';
import { scoreSentiment, type SentimentLexicon } from './score-sentiment';

/** One labelled headline (held-out set or development set). */
export interface LabelledHeadline {
  id: string;
  title: string;
  description?: string;
  gold_type: CatalystType;
  gold_sentiment: SentimentLabel;
}

export interface ClassMetrics {
  label: string;
  support: number;
  predicted: number;
  /** null when nothing was predicted as this class. */
  precision: number | null;
  recall: number | null;
}

export interface LabelMetrics {
  accuracy: number;
  total: number;
  correct: number;
  per_class: ClassMetrics[];
  /** (gold, predicted) pairs that disagree, with the item id, for error analysis. */
  errors: { id: string; gold: string; predicted: string }[];
}

export interface EvaluationReport {
  catalyst_type: LabelMetrics;
  sentiment: LabelMetrics;
}

function measure(
  labels: readonly string[],
  pairs: readonly { id: string; gold: string; predicted: string }[],
): LabelMetrics {
  const correct = pairs.filter((pair) => pair.gold === pair.predicted).length;
  const per_class = labels.map((label) => {
    const support = pairs.filter((pair) => pair.gold === label).length;
    const predicted = pairs.filter((pair) => pair.predicted === label).length;
    const truePositives = pairs.filter((pair) => pair.gold === label && pair.predicted === label).length;
    return {
      label,
      support,
      predicted,
      precision: predicted === 0 ? null : truePositives / predicted,
      recall: support === 0 ? null : truePositives / support,
    };
  });
  return {
    accuracy: pairs.length === 0 ? 0 : correct / pairs.length,
    total: pairs.length,
    correct,
    per_class,
    errors: pairs.filter((pair) => pair.gold !== pair.predicted),
  };
}

/** Runs the classifier and the sentiment scorer over labelled headlines and measures both. */
export function evaluateOnLabelledSet(
  items: readonly LabelledHeadline[],
  lexicon: SentimentLexicon,
): EvaluationReport {
  const typePairs = items.map((item) => ({
    id: item.id,
    gold: item.gold_type,
    predicted: classifyCatalyst({ title: item.title, description: item.description ?? '' }).catalyst_type,
  }));
  const sentimentPairs = items.map((item) => ({
    id: item.id,
    gold: item.gold_sentiment,
    predicted: sentimentLabel(scoreSentiment(lexicon, item.title, item.description ?? '').score),
  }));
  return {
    catalyst_type: measure(CATALYST_TYPES, typePairs),
    sentiment: measure(SENTIMENT_LABELS, sentimentPairs),
  };
}

function percent(value: number | null): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;
}

/** Markdown tables of a report, as pasted into README.md. */
export function formatEvaluationReport(report: EvaluationReport): string {
  const table = (title: string, metrics: LabelMetrics) =>
    [
      `${title}: accuracy ${percent(metrics.accuracy)} (${metrics.correct}/${metrics.total})`,
      '',
      '| Class | Support | Predicted | Precision | Recall |',
      '|---|---:|---:|---:|---:|',
      ...metrics.per_class.map(
        (row) =>
          `| ${row.label} | ${row.support} | ${row.predicted} | ${percent(row.precision)} | ${percent(row.recall)} |`,
      ),
    ].join('\n');
  return `${table('Catalyst type', report.catalyst_type)}\n\n${table('Sentiment label', report.sentiment)}\n`;
}
