import type { ReactNode } from 'react';

/**
 * A year a row, a month a column: the picture the returns heat map and the income calendar draw. The
 * grid is one image for screen readers (`summary`); each caller puts the same figures in a table.
 */
export function MonthGrid<Cell>({
  summary,
  monthNames,
  years,
  background,
  text,
  testId,
}: {
  summary: string;
  monthNames: readonly string[];
  years: ReadonlyMap<number, readonly Cell[]>;
  background: (cell: Cell) => string;
  text: (cell: Cell) => ReactNode;
  testId?: string;
}) {
  return (
    <div role="img" aria-label={summary} className="ledger__heat-grid" data-testid={testId}>
      <span />
      {monthNames.map((name) => (
        <span key={name} className="ledger__heat-head">
          {name}
        </span>
      ))}
      {[...years.entries()].map(([year, row]) => [
        <span key={`y${year}`} className="ledger__heat-head">
          {year}
        </span>,
        ...row.map((cell, index) => (
          <span
            key={`${year}-${index}`}
            className="ledger__heat-cell"
            style={{ background: background(cell) }}
          >
            {text(cell)}
          </span>
        )),
      ])}
    </div>
  );
}
