import type { ContentQueueRepository } from '../data/content-queue-repository';
import type { RecommendationQueueRepository } from '../data/recommendation-queue-repository';
import { InvalidCursorError, type DecisionOutcome, type Page, type PageRequest } from '../data/review-queue';
import { message, type Message } from '@app/shared/messages/message';
import { ConflictError, NotFoundError, fieldError } from '../platform/errors';
import type { Render } from '../platform/messages';

/**
 * Review of the engine's recommendations and moderation of the generated posts (docs/product.md "Entities"
 * and 4): pending -> a decision, once. The repository makes each decision one conditional
 * transaction; this file turns its outcome into the API's answer.
 */

export interface Reviewer {
  userId: string;
  now: () => Date;
  /** Words the answer's notice in the admin's language. */
  render: Render;
}

/** A list page, or a 400 naming `query.cursor` when the cursor is not one this list gave out. */
export async function listPage<T>(
  list: (page: PageRequest) => Promise<Page<T>>,
  page: PageRequest,
): Promise<Page<T>> {
  try {
    return await list(page);
  } catch (error: unknown) {
    if (error instanceof InvalidCursorError)
      throw fieldError('query.cursor', message('FIELD_NOT_CURSOR', { field: 'cursor' }));
    throw error;
  }
}

const ALREADY_DECIDED: Readonly<Record<string, Message>> = {
  APPROVED: message('ADMIN_ALREADY_APPROVED'),
  REJECTED: message('ADMIN_ALREADY_REJECTED'),
  NEEDS_REVISION: message('ADMIN_ALREADY_NEEDS_REVISION'),
};

function refuse(outcome: DecisionOutcome, notFound: Message): void {
  if (outcome.outcome === 'not_found') throw new NotFoundError(notFound);
  if (outcome.outcome === 'already_decided') {
    throw new ConflictError(ALREADY_DECIDED[outcome.status] ?? message('ADMIN_ALREADY_APPROVED'));
  }
}

export interface ReviewInput {
  status: 'APPROVED' | 'REJECTED';
  admin_notes?: string | undefined;
  quality_score?: number | undefined;
}

export async function reviewRecommendation(
  repository: Pick<RecommendationQueueRepository, 'reviewRecommendation'>,
  reviewer: Reviewer,
  id: string,
  input: ReviewInput,
) {
  const reviewedAt = reviewer.now().toISOString();
  const outcome = await repository.reviewRecommendation(id, {
    status: input.status,
    reviewedBy: reviewer.userId,
    reviewedAt,
    ...(input.admin_notes ? { adminNotes: input.admin_notes } : {}),
    ...(input.quality_score !== undefined ? { qualityScore: input.quality_score } : {}),
  });
  refuse(outcome, message('ADMIN_RECOMMENDATION_NOT_FOUND'));
  return {
    id,
    status: input.status,
    reviewed_by: reviewer.userId,
    reviewed_at: reviewedAt,
    message: reviewer.render(
      message(
        input.status === 'APPROVED' ? 'ADMIN_RECOMMENDATION_APPROVED' : 'ADMIN_RECOMMENDATION_REJECTED',
      ),
    ),
  };
}

export interface ModerationInput {
  status: 'APPROVED' | 'NEEDS_REVISION' | 'REJECTED';
  moderation_notes?: string | undefined;
  flagged_issues: string[];
}

const MODERATION_MESSAGES = {
  APPROVED: message('ADMIN_CONTENT_APPROVED'),
  NEEDS_REVISION: message('ADMIN_CONTENT_NEEDS_REVISION'),
  REJECTED: message('ADMIN_CONTENT_REJECTED'),
} as const;

export async function moderateContent(
  repository: Pick<ContentQueueRepository, 'moderateContent'>,
  moderator: Reviewer,
  id: string,
  input: ModerationInput,
) {
  const moderatedAt = moderator.now().toISOString();
  const outcome = await repository.moderateContent(id, {
    status: input.status,
    moderatedBy: moderator.userId,
    moderatedAt,
    flaggedIssues: [...new Set(input.flagged_issues)],
    ...(input.moderation_notes ? { moderationNotes: input.moderation_notes } : {}),
  });
  refuse(outcome, message('ADMIN_CONTENT_NOT_FOUND'));
  return {
    id,
    status: input.status,
    moderated_by: moderator.userId,
    moderated_at: moderatedAt,
    message: moderator.render(MODERATION_MESSAGES[input.status]),
  };
}
