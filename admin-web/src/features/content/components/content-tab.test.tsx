import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@app/web/kit/test/render';
import type { ContentForReview } from '@/lib/review-queue';
import { ContentItem } from './content-tab';

const ITEM: ContentForReview = {
  id: 'c1',
  type: 'POST',
  target_audience: 'beginner',
  language: 'es',
  content: 'Texto',
  hashtags: ['ahorro', '#bolsa'],
  generated_at: '2026-11-28T10:00:00.000Z',
  status: 'PENDING',
};

describe('content item labels: one catalogue string each, punctuated as the language writes them', () => {
  it('French puts a space before the colon', async () => {
    await renderWithProviders(<ContentItem item={ITEM} onModerate={vi.fn()} />, { language: 'fr' });
    expect(screen.getByText('Public cible : Débutant')).toBeTruthy();
    expect(screen.getByText('Langue : Espagnol')).toBeTruthy();
    expect(screen.getByText('Hashtags : #ahorro #bolsa')).toBeTruthy();
  });

  it('English does not', async () => {
    await renderWithProviders(<ContentItem item={ITEM} onModerate={vi.fn()} />);
    expect(screen.getByText('Audience: Beginner')).toBeTruthy();
    expect(screen.getByText('Hashtags: #ahorro #bolsa')).toBeTruthy();
  });
});
