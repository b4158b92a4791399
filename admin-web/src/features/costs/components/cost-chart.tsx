import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import './costs.css';

export interface CostChartProps {
  points: { day: string; cost_per_1000_usd: number }[];
  formatCost: (value: number) => string;
  label: string;
}

/** Cost per 1,000 requests per day (recharts; loaded only when the Costs tab opens). */
export default function CostChart({ points, formatCost, label }: CostChartProps) {
  return (
    <div className="admin-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--amplify-colors-border-secondary)" />
          <XAxis dataKey="day" stroke="var(--amplify-colors-font-secondary)" />
          <YAxis
            tickFormatter={(value: number) => formatCost(value)}
            width={90}
            stroke="var(--amplify-colors-font-secondary)"
          />
          <Tooltip formatter={(value) => formatCost(Number(value))} />
          <Line
            type="monotone"
            dataKey="cost_per_1000_usd"
            name={label}
            stroke="var(--amplify-colors-brand-primary-60)"
            strokeWidth={2}
            dot
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
