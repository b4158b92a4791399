import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './data-table.css';

export interface DataTableProps {
  /** One column header per label. */
  columns: readonly string[];
  testId: string;
  /** The body rows. */
  children: ReactNode;
}

/** A compact striped table that scrolls sideways on narrow screens. */
export function DataTable({ columns, testId, children }: DataTableProps) {
  return (
    <div className="admin-table-scroll">
      <Table size="small" variation="striped" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((label) => (
              <TableCell key={label} as="th" scope="col">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
