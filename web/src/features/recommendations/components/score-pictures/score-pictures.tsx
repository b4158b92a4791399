import type { NuggetScores } from '@app/shared/domain/entities/market';
import { ScoreHistoryPanel } from './score-history-panel';
import { ScoreRadarCard } from './score-radar-card';
import './score-pictures.css';

/**
 * The pictures of an expanded card, in one place: the five factors as a radar and the score history
 * with what changed and the distance to the next grades. The charts load on demand (recharts).
 */
export function ScorePictures({
  symbol,
  scores,
  asOf,
}: {
  symbol: string;
  scores: NuggetScores;
  asOf: string;
}) {
  return (
    <div className="score-pictures">
      <ScoreRadarCard scores={scores} asOf={asOf} />
      <ScoreHistoryPanel symbol={symbol} />
    </div>
  );
}
