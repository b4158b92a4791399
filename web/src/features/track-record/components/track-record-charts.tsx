import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Language } from '@app/shared/domain/enums';
import { formatNumber, formatPercent } from '@app/shared/domain/rules/formatting';
import { dateAxisProps, dateTooltipProps } from '@/kit/charts/chart-props';
import { DRAWN_LINES, type PathPoint } from './track-record-data';

/** Colours of the drawn lines: greens for A, greys for B, reds for C and D, SPY dark and dashed. */
const COLOURS: Record<(typeof DRAWN_LINES)[number], string> = {
  'A+': '#166534',
  A: '#22c55e',
  'B+': '#0ea5e9',
  B: '#6b7280',
  'B-': '#a78bfa',
  C: '#f97316',
  D: '#dc2626',
  SPY: '#111827',
};

function PathChart({
  data,
  format,
  language,
}: {
  data: PathPoint[];
  format: (value: number) => string;
  language: Language;
}) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis {...dateAxisProps(language)} />
        <YAxis tickFormatter={format} width={64} tick={{ fontSize: 11 }} />
        <Tooltip {...dateTooltipProps(language, format)} />
        <Legend />
        {DRAWN_LINES.map((line) => (
          <Line
            key={line}
            dataKey={line}
            stroke={COLOURS[line]}
            strokeDasharray={line === 'SPY' ? '6 3' : undefined}
            dot={false}
            strokeWidth={line === 'SPY' ? 2 : 1.5}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Growth of 1 held in each grade and in SPY, and their falls from peak (recharts; loaded on demand). */
export function TrackRecordCharts({
  growth,
  drawdown,
  language,
}: {
  growth: PathPoint[];
  drawdown: PathPoint[];
  language: Language;
}) {
  const { t } = useTranslation('home');
  return (
    <>
      <h2>{t('trackRecordPage.growthTitle')}</h2>
      <div role="img" aria-label={t('trackRecordPage.growthAlt')}>
        <PathChart data={growth} format={(value) => formatNumber(value, language, 2)} language={language} />
      </div>
      <h2>{t('trackRecordPage.drawdownTitle')}</h2>
      <div role="img" aria-label={t('trackRecordPage.drawdownAlt')}>
        <PathChart
          data={drawdown}
          format={(value) => formatPercent(value, language, { maximumFractionDigits: 0 })}
          language={language}
        />
      </div>
    </>
  );
}

export default TrackRecordCharts;
