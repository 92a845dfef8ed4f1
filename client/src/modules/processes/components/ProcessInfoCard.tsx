import type { ProcessView } from '@contracts';
import { formatDateTime } from '@/lib/format';
import { Card } from '@/ui/Card';
import { ConfidentialBadge } from './ConfidentialBadge';
import { RequesterBlock } from './RequesterBlock';
import { StatusBadge } from './StatusBadge';

/** Subject, status, confidentiality, departments, dates, requester and description. */
export function ProcessInfoCard({ process }: { process: ProcessView }) {
  return (
    <Card title="Informações do Processo">
      <dl className="process-info">
        <div className="process-info__wide">
          <dt>Assunto</dt>
          <dd className="process-info__subject">{process.subject || 'Sem assunto'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={process.status} /> {process.confidential && <ConfidentialBadge />}
          </dd>
        </div>
        <div>
          <dt>Departamento atual</dt>
          <dd>{process.currentDepartment || 'N/D'}</dd>
        </div>
        <div>
          <dt>Departamento de origem</dt>
          <dd>{process.originDepartment || 'N/D'}</dd>
        </div>
        <div>
          <dt>Data de criação</dt>
          <dd>{formatDateTime(process.createdAt)}</dd>
        </div>
        {/* Full width: an e-mail address in a narrow column would break mid-word. */}
        <div className="process-info__wide">
          <dt>Solicitante</dt>
          <dd>
            <RequesterBlock process={process} />
          </dd>
        </div>
        <div className="process-info__wide">
          <dt>Descrição</dt>
          <dd className="process-info__description">{process.description || 'Sem descrição'}</dd>
        </div>
      </dl>
    </Card>
  );
}
