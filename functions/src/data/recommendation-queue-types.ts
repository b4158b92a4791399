import type { z } from 'zod';
import type { LocalizedText } from '@app/shared/domain/entities/common';
import type { Message } from '@app/shared/messages/message';
import type { StoredText } from '@app/shared/messages/stored-text';
import type { AdminRecommendationSchema } from '@app/shared/domain/entities/admin';
import type { RecommendationAction } from '@app/shared/domain/enums';
import type { Grade, IsoDate } from '../engine/types';

/** The shapes of the recommendation review queue (recommendation-queue-repository.ts). */

export type AdminRecommendation = z.infer<typeof AdminRecommendationSchema>;
export type RecommendationStatus = AdminRecommendation['status'];

/** What gets queued: the admin screen's fields plus whatever else the engine wants kept with it. */
export type NewRecommendation = Omit<AdminRecommendation, 'status' | 'reasoning'> & {
  reasoning: Message | string;
} & Record<string, unknown>;

/**
 * A queued recommendation as stored. Its reasoning is a message, worded in each admin's language when
 * read; rows queued before messages hold an English sentence and, beside it, the three languages
 * (`reasoning_localized`), read as they are.
 */
export interface StoredRecommendation extends Omit<AdminRecommendation, 'reasoning'> {
  reasoning: StoredText;
  reasoning_localized?: LocalizedText;
  reviewed_by?: string;
  reviewed_at?: string;
  admin_notes?: string;
  quality_score?: number;
  [extra: string]: unknown;
}

/** What the price poll queues: the admin pending recommendation plus what the engine knew then. */
export interface QueuedRecommendation {
  id: string;
  symbol: string;
  recommendation: RecommendationAction;
  /** 0-10 from the nugget risk score (shared rule `riskLevel`). */
  risk_level: number;
  /** 0-1. */
  confidence: number;
  /** Composite rationality score out of 10. */
  ai_score: number;
  /** A message (engine/recommendation-text.ts), worded when an admin reads the queue. */
  reasoning: Message;
  target_price: number;
  generated_at: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'SUPERSEDED';
  /** The newer recommendation of the same symbol that replaced this one while it was pending. */
  superseded_by?: string;
  as_of: IsoDate;
  /** The market date and replay cycle of the poll that queued it (`live` cycle in live mode). */
  market_date: IsoDate;
  cycle_id: string;
  investment_grade: Grade;
  composite_rationality_score: number;
  data_mode: 'replay' | 'live';
}

export interface LastRecommendationMarker {
  symbol: string;
  recommendation_id: string;
  action: RecommendationAction;
  as_of: IsoDate;
  generated_at: string;
  /** The replay cycle it was queued in; absent on markers written before the market clock. */
  cycle_id?: string;
  /**
   * The review status of `recommendation_id`, on the LAST_RECS copy only: PENDING when queued, then
   * the admin's decision, written in the decision's transaction. Absent on markers written before it
   * (the item's own status is read then).
   */
  review_status?: RecommendationStatus;
}

/** A status to write back onto the marker of `symbol`, while it names `recommendation_id`. */
export type MarkerStatus = Required<
  Pick<LastRecommendationMarker, 'symbol' | 'recommendation_id' | 'review_status'>
>;

export interface RecommendationStats {
  generated: number;
  pending: number;
  approved: number;
  rejected: number;
  quality_sum: number;
  quality_count: number;
}

export interface ReviewDecision {
  status: 'APPROVED' | 'REJECTED';
  reviewedBy: string;
  reviewedAt: string;
  adminNotes?: string;
  qualityScore?: number;
}
