import type { Recommendation } from '@app/shared/domain/entities/market';
import { PriceTargetPanel } from './price-target-panel';
import { ScoreHistoryPanel } from './score-history-panel';
import { ScoreRadarCard } from './score-radar-card';
import './score-pictures.css';

/**
 * The pictures of an expanded card, in one place: the five factors as a radar, the price with the
 * rational target, and the score history with what changed and the distance to the next grades.
 * The charts load on demand (recharts); each has its figures in words or a table beside it.
 */
export function ScorePictures({
  recommendation,
  signedIn,
}: {
  recommendation: Recommendation;
  signedIn: boolean;
}) {
  return (
    <div className="score-pictures">
      <ScoreRadarCard scores={recommendation.nugget_scores} asOf={recommendation.as_of} />
      <PriceTargetPanel recommendation={recommendation} signedIn={signedIn} />
      <ScoreHistoryPanel symbol={recommendation.symbol} />
    </div>
  );
}
