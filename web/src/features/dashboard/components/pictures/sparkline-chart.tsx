import { Line, LineChart, YAxis } from 'recharts';

/** A few weeks of closes as one line, no axes (recharts, loaded on demand with the dashboard's charts). */
export default function SparklineChart({ closes, rising }: { closes: number[]; rising: boolean }) {
  const data = closes.map((close, index) => ({ index, close }));
  return (
    <LineChart
      width={120}
      height={32}
      data={data}
      margin={{ top: 2, right: 2, bottom: 2, left: 2 }}
      accessibilityLayer={false}
    >
      <YAxis hide domain={['dataMin', 'dataMax']} />
      <Line
        type="monotone"
        dataKey="close"
        stroke={rising ? '#16a34a' : '#dc2626'}
        strokeWidth={1.5}
        dot={false}
        isAnimationActive={false}
      />
    </LineChart>
  );
}
