import type { ProcessSummary } from '@contracts';
import { useLocation } from 'wouter';
import { formatDate, truncate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { processDetailsRoute } from '../utils/routes';
import { ConfidentialBadge } from './ConfidentialBadge';
import { StatusBadge } from './StatusBadge';

/** Description preview length (spec 1 §9). */
const DESCRIPTION_PREVIEW = 100;

/** The processes table (the only part of the page that prints). */
export function ProcessTable({ processes }: { processes: readonly ProcessSummary[] }) {
  const [, navigate] = useLocation();
  return (
    <div className="process-table__wrapper">
      <table className="process-table">
        <thead>
          <tr>
            <th scope="col">Protocolo</th>
            <th scope="col">Assunto</th>
            <th scope="col">Departamentos</th>
            <th scope="col">Status</th>
            <th scope="col">Data</th>
            <th scope="col" className="process-table__actions">
              Ações
            </th>
          </tr>
        </thead>
        <tbody>
          {processes.map((process) => (
            <tr key={process._id}>
              <td className="process-table__id">{process.id}</td>
              <td>
                <div className="process-table__subject">
                  {process.subject || 'Sem assunto'}
                  {process.confidential && <ConfidentialBadge />}
                </div>
                {process.description && (
                  <div className="process-table__description">{truncate(process.description, DESCRIPTION_PREVIEW)}</div>
                )}
              </td>
              <td>
                <div>{process.originDepartment || 'N/D'}</div>
                <div className="process-table__to">Para: {process.currentDepartment || 'N/D'}</div>
              </td>
              <td>
                <StatusBadge status={process.status} />
              </td>
              <td>{formatDate(process.createdAt)}</td>
              <td className="process-table__actions">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Visualizar processo ${process.id}`}
                  onPress={() => navigate(processDetailsRoute(process.id))}
                >
                  <Icon name="eye" size={18} />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
