import type { AlertLevel } from '@app/shared/domain/enums';
import { message, type Message } from '@app/shared/messages/message';
import type { SymbolAnalysis } from './types';

/*
 * Price and volume alerts the price poll raises from a new quote (GET /api/ai/alerts). A move is
 * measured against the symbol's own typical day, so the same rule serves a calm index and bitcoin:
 *
 *   daily sigma = volatility_1month / sqrt(252 or 365)     (percent)
 *   z = change_percent / daily sigma
 *   |z| >= 4 CRITICAL, >= 3 HIGH, >= 2 MEDIUM, else no alert; impact = min(100, 20 x |z|)
 *
 * A volume surge (volume_ratio_20d >= 2, the HIGH surge level of README.md "Volume analysis") is an alert of its own: HIGH
 * when it is a breakout (close up) or the ratio is 3 or more, else MEDIUM; impact = min(100, 25 x ratio).
 * The recommended actions follow the product's stance: never chase a move, never panic.
 */

export const PRICE_MOVE_LEVELS: readonly { minimumZ: number; level: AlertLevel }[] = [
  { minimumZ: 4, level: 'CRITICAL' },
  { minimumZ: 3, level: 'HIGH' },
  { minimumZ: 2, level: 'MEDIUM' },
];
export const VOLUME_SURGE_RATIO = 2;

export interface DetectedAlert {
  kind: 'price_move' | 'volume_surge';
  alert_level: AlertLevel;
  /** Texts are messages, worded in the reader's language when GET /api/ai/alerts reads them. */
  title: Message;
  message: Message;
  impact_score: number;
  sentiment: 'positive' | 'negative' | 'neutral';
  sentiment_score: number;
  /** The symbol, then words for the kind of move. */
  keywords: (string | Message)[];
  recommended_action: Message;
}

/** A message followed by the replay note when the prices are replayed history. */
function withReplayNote(said: Message, replay: boolean): Message {
  return replay ? message('JOINED', { parts: [said, message('MARKET_ALERT_REPLAY_NOTE')] }) : said;
}

/** The fields a detected alert contributes to every alert row it becomes (live list, stored feed). */
export function detectedAlertFields(symbol: string, alert: DetectedAlert) {
  return {
    symbol,
    alert_level: alert.alert_level,
    event_type: alert.kind,
    title: alert.title,
    message: alert.message,
    impact_score: alert.impact_score,
    sentiment: alert.sentiment,
    sentiment_score: alert.sentiment_score,
    keywords: alert.keywords,
    recommended_action: alert.recommended_action,
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function detectMarketAlerts(
  input: { symbol: string; name: string; change_percent: number | null; data_mode: 'replay' | 'live' },
  analysis: SymbolAnalysis,
): DetectedAlert[] {
  const alerts: DetectedAlert[] = [];
  const risk = analysis.risk_metrics;
  const replay = input.data_mode === 'replay';
  const change = input.change_percent;
  if (change !== null && risk.volatility_1month !== null && risk.volatility_1month > 0) {
    const dailySigma = risk.volatility_1month / Math.sqrt(risk.annualisation_factor);
    const z = change / dailySigma;
    const level = PRICE_MOVE_LEVELS.find((entry) => Math.abs(z) >= entry.minimumZ)?.level;
    if (level) {
      const up = change > 0;
      alerts.push({
        kind: 'price_move',
        alert_level: level,
        title: message(up ? 'MARKET_ALERT_MOVE_UP_TITLE' : 'MARKET_ALERT_MOVE_DOWN_TITLE', {
          name: input.name,
          change: Math.abs(change),
          date: analysis.price_date,
        }),
        message: withReplayNote(
          message('MARKET_ALERT_MOVE_MESSAGE', {
            symbol: input.symbol,
            change: Math.abs(change),
            times: Math.abs(z),
            sigma: round(dailySigma, 2),
            volatility: risk.volatility_1month,
          }),
          replay,
        ),
        impact_score: Math.min(100, Math.round(20 * Math.abs(z))),
        sentiment: up ? 'positive' : 'negative',
        sentiment_score: round(Math.sign(change) * Math.min(1, Math.abs(z) / 4), 2),
        keywords: [
          input.symbol,
          message('MARKET_ALERT_KEYWORD_PRICE_MOVE'),
          message(up ? 'MARKET_ALERT_KEYWORD_RALLY' : 'MARKET_ALERT_KEYWORD_SELL_OFF'),
          message('MARKET_ALERT_KEYWORD_VOLATILITY'),
        ],
        recommended_action: message(up ? 'MARKET_ALERT_MOVE_UP_ACTION' : 'MARKET_ALERT_MOVE_DOWN_ACTION', {
          symbol: input.symbol,
          grade: analysis.nugget_scores.investment_grade,
        }),
      });
    }
  }
  const volume = analysis.volume_analysis;
  if (volume.volume_ratio_20d !== null && volume.volume_ratio_20d >= VOLUME_SURGE_RATIO) {
    const ratio = volume.volume_ratio_20d;
    const up = (change ?? 0) > 0;
    alerts.push({
      kind: 'volume_surge',
      alert_level: volume.volume_breakout || ratio >= 3 ? 'HIGH' : 'MEDIUM',
      title: message('MARKET_ALERT_VOLUME_TITLE', { name: input.name, ratio, date: analysis.price_date }),
      message: withReplayNote(
        message(
          volume.volume_breakout ? 'MARKET_ALERT_VOLUME_BREAKOUT_MESSAGE' : 'MARKET_ALERT_VOLUME_MESSAGE',
          {
            ratio: round(ratio, 2),
          },
        ),
        replay,
      ),
      impact_score: Math.min(100, Math.round(25 * ratio)),
      sentiment: change === null || change === 0 ? 'neutral' : up ? 'positive' : 'negative',
      sentiment_score: change === null ? 0 : round(Math.sign(change) * Math.min(1, ratio / 4), 2),
      keywords: [
        input.symbol,
        message('MARKET_ALERT_KEYWORD_VOLUME_SURGE'),
        message(
          volume.volume_breakout ? 'MARKET_ALERT_KEYWORD_BREAKOUT' : 'MARKET_ALERT_KEYWORD_UNUSUAL_VOLUME',
        ),
      ],
      recommended_action: message('MARKET_ALERT_VOLUME_ACTION', { symbol: input.symbol }),
    });
  }
  return alerts;
}
