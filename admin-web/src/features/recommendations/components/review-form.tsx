import { TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewPayloadSchema } from '@app/shared/domain/entities/admin';
import { REVIEW_STATUSES } from '@app/shared/domain/enums';
import { DecisionForm } from '@/components/decision-form';
import type { ReviewPayload } from '@/lib/review-queue';

export interface ReviewFormProps {
  recommendationId: string;
  onSubmit: (payload: ReviewPayload) => Promise<unknown>;
}

const STATUS_KEYS = { APPROVED: 'review.approve', REJECTED: 'review.reject' } as const;

/**
 * docs/product.md "Screens", admin site: a decision is required ('Status Required' toast otherwise); notes
 * are optional; the quality score is optional, 1 to 10, sent as an integer. Checked with the server's schema.
 */
export function ReviewForm({ recommendationId, onSubmit }: ReviewFormProps) {
  const { t } = useTranslation('admin');
  const [quality, setQuality] = useState('');
  const [qualityError, setQualityError] = useState(false);

  async function submit(status: (typeof REVIEW_STATUSES)[number], notes: string) {
    const score = quality.trim();
    const payload = ReviewPayloadSchema.safeParse({
      status,
      ...(notes ? { admin_notes: notes } : {}),
      ...(score ? { quality_score: Number(score) } : {}),
    });
    setQualityError(!payload.success);
    if (payload.success) await onSubmit(payload.data);
  }

  return (
    <DecisionForm
      label={t('review.title')}
      testId={`review-form-${recommendationId}`}
      legend={t('review.decision')}
      statuses={REVIEW_STATUSES}
      statusLabel={(status) => t(STATUS_KEYS[status])}
      missingStatus={{ title: t('toasts.statusRequired'), description: t('toasts.selectReviewStatus') }}
      notesLabel={t('review.notes.label')}
      notesPlaceholder={t('review.notes.placeholder')}
      submitLabel={t('review.submit')}
      submittingLabel={t('review.submitting')}
      onSubmit={submit}
    >
      <TextField
        label={t('review.qualityScore.label')}
        placeholder={t('review.qualityScore.placeholder')}
        type="number"
        inputMode="numeric"
        min={1}
        max={10}
        step={1}
        value={quality}
        onChange={(event) => setQuality(event.target.value)}
        hasError={qualityError}
        errorMessage={t('review.qualityScore.invalid')}
      />
    </DecisionForm>
  );
}
