import { CheckboxField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModerationPayloadSchema } from '@app/shared/domain/entities/admin';
import { FLAGGED_ISSUES, MODERATION_STATUSES } from '@app/shared/domain/enums';
import { DecisionForm } from '@/components/decision-form';
import type { ModerationPayload } from '@/lib/review-queue';
import './content.css';

type FlaggedIssue = (typeof FLAGGED_ISSUES)[number];

export interface ModerationFormProps {
  contentId: string;
  onSubmit: (payload: ModerationPayload) => Promise<unknown>;
}

/**
 * docs/product.md "Screens", admin site: a decision is required ('Status Required' toast otherwise); flagged
 * issues are optional, from the six of FLAGGED_ISSUES; notes are optional. Checked with the server's schema.
 */
export function ModerationForm({ contentId, onSubmit }: ModerationFormProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [issues, setIssues] = useState<FlaggedIssue[]>([]);

  function toggleIssue(issue: FlaggedIssue, checked: boolean) {
    // Kept in the order of FLAGGED_ISSUES whatever the order of the clicks.
    setIssues((current) =>
      FLAGGED_ISSUES.filter((item) => (item === issue ? checked : current.includes(item))),
    );
  }

  return (
    <DecisionForm
      label={t('moderation.title')}
      testId={`moderation-form-${contentId}`}
      legend={t('moderation.decision')}
      statuses={MODERATION_STATUSES}
      statusLabel={(status) => t(`moderation.statuses.${status}`)}
      missingStatus={{ title: t('toasts.statusRequired'), description: t('toasts.selectModerationStatus') }}
      notesLabel={t('moderation.notes.label')}
      notesPlaceholder={t('moderation.notes.placeholder')}
      submitLabel={t('moderation.submit')}
      submittingLabel={t('moderation.submitting')}
      onSubmit={(status, notes) =>
        onSubmit(
          ModerationPayloadSchema.parse({
            status,
            ...(notes ? { moderation_notes: notes } : {}),
            flagged_issues: issues,
          }),
        )
      }
    >
      <fieldset className="admin-fieldset">
        <legend>{t('moderation.flaggedIssues')}</legend>
        <div className="admin-checkbox-grid">
          {FLAGGED_ISSUES.map((issue) => (
            <CheckboxField
              key={issue}
              name={`${id}-issues`}
              value={issue}
              label={t(`moderation.issues.${issue}`)}
              checked={issues.includes(issue)}
              onChange={(event) => toggleIssue(issue, event.target.checked)}
            />
          ))}
        </div>
      </fieldset>
    </DecisionForm>
  );
}
