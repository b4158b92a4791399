import './progress-bar.css';

export interface ProgressBarProps {
  /** 0 to 100; values outside are clamped. */
  value: number;
  label: string;
  tone?: 'brand' | 'success' | 'warning' | 'error';
}

export function ProgressBar({ value, label, tone = 'brand' }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={`app-progress app-progress--${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
    >
      <div className="app-progress__fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
