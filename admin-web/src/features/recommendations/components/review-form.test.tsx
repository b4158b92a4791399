import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@app/web/kit/test/render';
import { ReviewForm } from './review-form';

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
}

describe('ReviewForm', () => {
  it('requires a decision: the Status Required toast, nothing sent', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ReviewForm recommendationId="r1" onSubmit={onSubmit} />);

    fireEvent.change(screen.getByLabelText('Quality score (1-10, optional)'), { target: { value: '8' } });
    submit();

    expect(await screen.findByText('Status Required')).toBeTruthy();
    expect(screen.getByText('Please select approval or rejection status')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the decision alone when notes and score are left empty', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ReviewForm recommendationId="r1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Reject'));
    submit();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ status: 'REJECTED' }));
  });

  it('sends the quality score as an integer, with trimmed notes', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ReviewForm recommendationId="r1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Approve'));
    fireEvent.change(screen.getByLabelText('Admin notes (optional)'), { target: { value: '  Sound  ' } });
    fireEvent.change(screen.getByLabelText('Quality score (1-10, optional)'), { target: { value: '7' } });
    submit();

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ status: 'APPROVED', admin_notes: 'Sound', quality_score: 7 }),
    );
    const payload = onSubmit.mock.calls[0]?.[0] as { quality_score: number };
    expect(Number.isInteger(payload.quality_score)).toBe(true);
  });

  it.each(['7.5', '0', '11'])('refuses the quality score %s (whole numbers 1 to 10 only)', async (value) => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await renderWithProviders(<ReviewForm recommendationId="r1" onSubmit={onSubmit} />);

    fireEvent.click(screen.getByLabelText('Approve'));
    fireEvent.change(screen.getByLabelText('Quality score (1-10, optional)'), { target: { value } });
    submit();

    expect(await screen.findByText('Enter a whole number from 1 to 10')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
