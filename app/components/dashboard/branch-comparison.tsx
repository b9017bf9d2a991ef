import { Link } from '@remix-run/react';
import type { DashboardView } from '../../../common/contracts/dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { figureLook, formatFigure } from './figures';

const columns: { key: string; area: string; label: string }[] = [
  { key: 'students.new', area: 'student', label: 'New' },
  { key: 'students.registered', area: 'student', label: 'Registered' },
  { key: 'admissions', area: 'student', label: 'Admissions this month' },
  { key: 'wallet.balance', area: 'wallet', label: 'Balance' },
  { key: 'wallet.spend', area: 'wallet', label: 'Spent this month' },
  { key: 'invoices.overdueDue', area: 'invoice', label: 'Overdue dues' },
  { key: 'payments.received', area: 'payment', label: 'Received this month' },
];

/**
 * The branches side by side: a table (which screen readers read as one), with a bar in the
 * first column so the eye compares the branches at a glance. A branch's name opens its figures.
 */
export function BranchComparison({ rows, areas }: { rows: DashboardView['byBranch']; areas: string[] }) {
  const shown = columns.filter((column) => areas.includes(column.area));
  if (shown.length === 0) return null;
  const barKey = shown[0]!.key;
  const top = Math.max(1, ...rows.map((row) => row.values[barKey] ?? 0));
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>Branches compared</h2>
        </CardTitle>
        <CardDescription>Each branch’s figures now and this month</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Figures per branch</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Branch
              </th>
              {shown.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.branchId} className="border-b last:border-0">
                <th scope="row" className="py-2.5 pr-3 text-left font-medium">
                  <Link to={`?${new URLSearchParams({ branchId: row.branchId })}`} className="hover:underline">
                    {row.name}
                  </Link>
                  <div aria-hidden="true" className="mt-1 h-1.5 max-w-40 rounded-full bg-muted">
                    <div className="h-full rounded-full bg-primary" style={{ width: `${((row.values[barKey] ?? 0) / top) * 100}%` }} />
                  </div>
                </th>
                {shown.map((column) => (
                  <td key={column.key} className="px-3 py-2.5 text-right tabular-nums">
                    {formatFigure(row.values[column.key] ?? 0, figureLook(column.key).money)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
