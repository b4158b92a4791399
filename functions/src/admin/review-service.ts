import type { ContentQueueRepository } from '../data/content-queue-repository';
import type { RecommendationQueueRepository } from '../data/recommendation-queue-repository';
import { InvalidCursorError, type DecisionOutcome, type Page, type PageRequest } from '../data/review-queue';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';

/**
 * Review of the engine's recommendations and moderation of the generated posts (docs/product.md "Entities"
 * and 4): pending -> a decision, once. The repository makes each decision one conditional
 * transaction; this file turns its outcome into the API's answer.
 */

export interface Reviewer {
  userId: string;
  now: () => Date;
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
      throw new ValidationError([{ path: 'query.cursor', message: error.message }]);
    throw error;
  }
}

function refuse(outcome: DecisionOutcome, what: string, id: string): void {
  if (outcome.outcome === 'not_found') throw new NotFoundError(`No ${what} with id ${id}.`);
  if (outcome.outcome === 'already_decided') {
    throw new ConflictError(`This ${what} was already ${outcome.status.toLowerCase().replace('_', ' ')}.`);
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
  refuse(outcome, 'recommendation', id);
  return {
    id,
    status: input.status,
    reviewed_by: reviewer.userId,
    reviewed_at: reviewedAt,
    message: input.status === 'APPROVED' ? 'Recommendation approved.' : 'Recommendation rejected.',
  };
}

export interface ModerationInput {
  status: 'APPROVED' | 'NEEDS_REVISION' | 'REJECTED';
  moderation_notes?: string | undefined;
  flagged_issues: string[];
}

const MODERATION_MESSAGES = {
  APPROVED: 'Content approved.',
  NEEDS_REVISION: 'Content sent back for revision.',
  REJECTED: 'Content rejected.',
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
  refuse(outcome, 'content', id);
  return {
    id,
    status: input.status,
    moderated_by: moderator.userId,
    moderated_at: moderatedAt,
    message: MODERATION_MESSAGES[input.status],
  };
}
