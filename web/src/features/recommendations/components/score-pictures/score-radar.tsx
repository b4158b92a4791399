import { useTranslation } from 'react-i18next';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart } from 'recharts';
import { formatNumber } from '@app/shared/domain/rules/formatting';
import { usePreferences } from '@/kit/preferences/preferences';
import type { RadarPoint } from './radar-points';

const SIZE = { width: 320, height: 260 };

/**
 * The five factors as a radar ("snowflake"), recharts, loaded on demand with the card. Each vertex is
 * drawn as a dot carrying its factor and score, so what is drawn can be read back (the test does);
 * the table beside it (score-radar-card.tsx) is the text alternative.
 */
export default function ScoreRadar({ points }: { points: RadarPoint[] }) {
  const { t } = useTranslation('charts');
  const { language } = usePreferences();
  const data = points.map((point) => ({ ...point, label: t(`factors.${point.factor}`) }));
  return (
    // A picture beside its table of the same figures: no keyboard layer inside a hidden chart (axe).
    <RadarChart {...SIZE} data={data} outerRadius={85} aria-hidden="true" accessibilityLayer={false}>
      <PolarGrid />
      <PolarAngleAxis dataKey="label" tick={{ fontSize: 11 }} />
      <PolarRadiusAxis domain={[0, 100]} tickCount={5} tick={{ fontSize: 9 }} angle={90} />
      <Radar
        dataKey="score"
        stroke="#3b82f6"
        fill="#3b82f6"
        fillOpacity={0.35}
        isAnimationActive={false}
        dot={(props: { cx?: number; cy?: number; index?: number }) => {
          const point = data[props.index ?? 0] as RadarPoint;
          return (
            <circle
              key={point.factor}
              cx={props.cx}
              cy={props.cy}
              r={3}
              fill="#3b82f6"
              data-testid="radar-point"
              data-factor={point.factor}
              data-score={point.score}
            >
              <title>{`${t(`factors.${point.factor}`)}: ${formatNumber(point.score, language, 1)}`}</title>
            </circle>
          );
        }}
      />
    </RadarChart>
  );
}
