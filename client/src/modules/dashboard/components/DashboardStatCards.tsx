import type { DashboardStats } from '@contracts';
import { Link } from 'wouter';
import { formatNumber } from '@/lib/format';
import { Icon, type IconName } from '@/ui/Icon';
import { Spinner } from '@/ui/Spinner';

interface StatCard {
  key: Exclude<keyof DashboardStats, 'warning'>;
  title: string;
  icon: IconName;
  tone: 'info' | 'success' | 'danger' | 'warning' | 'primary';
  link: string;
}

/** The five cards of docs/dashboard.md#screen /dashboard, each with its link. */
const CARDS: StatCard[] = [
  { key: 'active', title: 'Processos Ativos', icon: 'processes', tone: 'info', link: '/processes' },
  {
    key: 'completed',
    title: 'Processos Concluídos',
    icon: 'reports',
    tone: 'success',
    link: '/processes?status=concluido',
  },
  { key: 'aging', title: 'Parados há 30+ dias', icon: 'alert', tone: 'danger', link: '/processes?aging=true' },
  {
    key: 'pendingSignatures',
    title: 'Assinaturas Pendentes',
    icon: 'documents',
    tone: 'warning',
    link: '/documents/pending-signatures',
  },
  { key: 'recentProtocols', title: 'Protocolos Recentes', icon: 'logs', tone: 'primary', link: '/protocol' },
];

export function DashboardStatCards({ stats, loading }: { stats: DashboardStats | null; loading: boolean }) {
  return (
    <ul className="dashboard-stats" aria-label="Indicadores">
      {CARDS.map((card) => (
        <li key={card.key}>
          <Link href={card.link} className={`dashboard-stat dashboard-stat--${card.tone}`} data-stat={card.key}>
            <span className="dashboard-stat__icon">
              <Icon name={card.icon} size={22} />
            </span>
            <span className="dashboard-stat__title">{card.title}</span>
            {loading || !stats ? (
              <Spinner size="sm" />
            ) : (
              <strong className="dashboard-stat__value">{formatNumber(stats[card.key])}</strong>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
