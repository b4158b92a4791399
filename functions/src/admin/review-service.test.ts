import { describe, expect, it } from 'vitest';
import { InvalidCursorError, type DecisionOutcome } from '../data/review-queue';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { rendererFor } from '../platform/messages';
import { listPage, moderateContent, reviewRecommendation } from './review-service';

const reviewer = {
  userId: 'admin-1',
  now: () => new Date('2026-11-22T10:00:00.000Z'),
  render: rendererFor('en'),
};
const ID = '01JD0000000000000000000001';

function repositoryAnswering(outcome: DecisionOutcome) {
  const calls: unknown[] = [];
  return {
    calls,
    reviewRecommendation: async (id: string, decision: unknown) => {
      calls.push({ id, decision });
      return outcome;
    },
    moderateContent: async (id: string, decision: unknown) => {
      calls.push({ id, decision });
      return outcome;
    },
  };
}

describe('reviewRecommendation', () => {
  it('answers the decision with its reviewer and time', async () => {
    const repository = repositoryAnswering({ outcome: 'decided' });
    const response = await reviewRecommendation(repository, reviewer, ID, {
      status: 'APPROVED',
      quality_score: 9,
    });
    expect(response).toEqual({
      id: ID,
      status: 'APPROVED',
      reviewed_by: 'admin-1',
      reviewed_at: '2026-11-22T10:00:00.000Z',
      message: 'Recommendation approved.',
    });
    expect(repository.calls[0]).toEqual({
      id: ID,
      decision: {
        status: 'APPROVED',
        reviewedBy: 'admin-1',
        reviewedAt: '2026-11-22T10:00:00.000Z',
        qualityScore: 9,
      },
    });
  });

  it('turns a second review into a 409 and an unknown id into a 404', async () => {
    await expect(
      reviewRecommendation(
        repositoryAnswering({ outcome: 'already_decided', status: 'APPROVED' }),
        reviewer,
        ID,
        {
          status: 'REJECTED',
        },
      ),
    ).rejects.toThrow(ConflictError);
    await expect(
      reviewRecommendation(repositoryAnswering({ outcome: 'not_found' }), reviewer, ID, {
        status: 'REJECTED',
      }),
    ).rejects.toThrow(NotFoundError);
  });
});

describe('moderateContent', () => {
  it('answers the decision and de-duplicates flagged issues', async () => {
    const repository = repositoryAnswering({ outcome: 'decided' });
    const response = await moderateContent(repository, reviewer, ID, {
      status: 'NEEDS_REVISION',
      flagged_issues: ['Factual errors', 'Factual errors'],
    });
    expect(response).toMatchObject({
      status: 'NEEDS_REVISION',
      moderated_by: 'admin-1',
      message: 'Content sent back for revision.',
    });
    expect(repository.calls[0]).toMatchObject({ decision: { flaggedIssues: ['Factual errors'] } });
  });

  it('turns a second moderation into a 409', async () => {
    await expect(
      moderateContent(
        repositoryAnswering({ outcome: 'already_decided', status: 'NEEDS_REVISION' }),
        reviewer,
        ID,
        {
          status: 'APPROVED',
          flagged_issues: [],
        },
      ),
    ).rejects.toThrow('ADMIN_ALREADY_NEEDS_REVISION');
  });
});

describe('listPage', () => {
  it('names query.cursor when a cursor is not one of the list', async () => {
    const failing = async () => {
      throw new InvalidCursorError();
    };
    await expect(listPage(failing, { limit: 5, cursor: 'abc' })).rejects.toThrow(ValidationError);
    await expect(listPage(failing, { limit: 5, cursor: 'abc' })).rejects.toMatchObject({
      issues: [{ path: 'query.cursor' }],
    });
  });
});
