import { Button, Flex, Radio, RadioGroupField, TextAreaField } from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useToast } from '@app/web/kit/ui/toast';
import type { ToastMessage } from '@app/web/kit/ui/toast-message';

export interface DecisionFormProps<Status extends string> {
  /** The form's accessible name. */
  label: string;
  testId: string;
  legend: string;
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  /** docs/product.md "Screens", admin site: the 'Status Required' toast when no decision is chosen. */
  missingStatus: Pick<ToastMessage, 'title' | 'description'>;
  notesLabel: string;
  notesPlaceholder: string;
  submitLabel: string;
  submittingLabel: string;
  /** Called with the decision and the trimmed notes ('' when empty). */
  onSubmit: (status: Status, notes: string) => Promise<unknown>;
  /** The fields between the decision and the notes. */
  children?: ReactNode;
}

/** An admin decision on a queued item: a required choice, optional fields, optional notes. */
export function DecisionForm<Status extends string>({
  label,
  testId,
  legend,
  statuses,
  statusLabel,
  missingStatus,
  notesLabel,
  notesPlaceholder,
  submitLabel,
  submittingLabel,
  onSubmit,
  children,
}: DecisionFormProps<Status>) {
  const toast = useToast();
  const id = useId();
  const [status, setStatus] = useState<Status | ''>('');
  const [notes, setNotes] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!status) {
      toast.show({ ...missingStatus, variant: 'warning' });
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(status, notes.trim());
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label} data-testid={testId}>
      <Flex direction="column" gap="small">
        <RadioGroupField
          legend={legend}
          name={`${id}-status`}
          value={status}
          onChange={(event) => {
            const next = statuses.find((value) => value === event.target.value);
            if (next) setStatus(next);
          }}
          direction="row"
          wrap="wrap"
        >
          {statuses.map((value) => (
            <Radio key={value} value={value}>
              {statusLabel(value)}
            </Radio>
          ))}
        </RadioGroupField>
        {children}
        <TextAreaField
          label={notesLabel}
          placeholder={notesPlaceholder}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          rows={2}
          maxLength={2000}
        />
        <Button type="submit" variation="primary" isLoading={submitting} loadingText={submittingLabel}>
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
