import { type DashboardDeadlines, DEADLINE_FILTER_LABELS } from '@contracts';
import { Link } from 'wouter';
import { formatNumber } from '@/lib/format';
import { Card } from '@/ui/Card';
import { Spinner } from '@/ui/Spinner';

/** The list filter each figure opens (the list reads `deadline` from the URL). */
const ROWS = [
  { key: 'overdue', label: DEADLINE_FILTER_LABELS.overdue, tone: 'danger', link: '/processes?deadline=overdue' },
  { key: 'dueThisWeek', label: 'Vencem esta semana', tone: 'warning', link: '/processes?deadline=due-soon' },
] as const;

/** 'Prazos' (docs/deadlines.md#dashboard-card-and-report): overdue and due this week, among what the caller sees. */
export function DeadlinesCard({ deadlines, loading }: { deadlines: DashboardDeadlines | null; loading: boolean }) {
  return (
    <Card title="Prazos" className="dashboard-deadlines">
      <ul className="dashboard-deadlines__list" aria-label="Prazos">
        {ROWS.map((row) => (
          <li key={row.key}>
            <Link
              href={row.link}
              className={`dashboard-deadlines__item dashboard-deadlines__item--${row.tone}`}
              data-deadlines={row.key}
            >
              <span>{row.label}</span>
              {loading || !deadlines ? (
                <Spinner size="sm" />
              ) : (
                <strong className="dashboard-deadlines__value">{formatNumber(deadlines[row.key])}</strong>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
