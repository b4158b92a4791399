import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@app/web/kit/test/render';
import { ModerationForm } from './moderation-form';

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Moderation' }));
}

describe('ModerationForm', () => {
  it('requires a decision: the Status Required toast, nothing sent', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ModerationForm contentId="c1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Factual errors'));
    submit();

    expect(await screen.findByText('Status Required')).toBeTruthy();
    expect(screen.getByText('Please select a moderation status')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the three decisions and the six kinds of flagged issue', async () => {
    await renderWithProviders(<ModerationForm contentId="c1" onSubmit={vi.fn()} />);

    for (const decision of ['Approved', 'Needs revision', 'Rejected'])
      expect(screen.getByLabelText(decision)).toBeTruthy();
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      'Inappropriate language',
      'Off-brand messaging',
      'Factual errors',
      'Misleading claims',
      'Poor grammar/spelling',
      'Compliance concerns',
    ]);
  });

  it('sends the decision, the notes and the flagged issues (in the FLAGGED_ISSUES order, unchecked ones dropped)', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ModerationForm contentId="c1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Needs revision'));
    fireEvent.click(screen.getByLabelText('Compliance concerns'));
    fireEvent.click(screen.getByLabelText('Misleading claims'));
    fireEvent.click(screen.getByLabelText('Poor grammar/spelling'));
    fireEvent.click(screen.getByLabelText('Poor grammar/spelling'));
    fireEvent.change(screen.getByLabelText('Moderation notes (optional)'), {
      target: { value: 'Tone it down' },
    });
    submit();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        status: 'NEEDS_REVISION',
        moderation_notes: 'Tone it down',
        flagged_issues: ['Misleading claims', 'Compliance concerns'],
      }),
    );
  });

  it('sends an empty issue list when nothing is flagged', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ModerationForm contentId="c1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Approved'));
    submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ status: 'APPROVED', flagged_issues: [] }));
  });
});
