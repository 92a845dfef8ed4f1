import type { ProcessUpdatedPayload } from '@contracts';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Card } from '../../../ui/Card';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Spinner } from '../../../ui/Spinner';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs';
import { toast } from '../../../ui/toast';
import { useSocketEvent } from '../../realtime/hooks/useSocketEvent';
import { processesApi } from '../api/processes-api';
import { AccessDenied } from '../components/AccessDenied';
import { AttachDocumentModal } from '../components/AttachDocumentModal';
import { ConfidentialityPanel } from '../components/ConfidentialityPanel';
import { CreateProcessDocumentModal } from '../components/CreateProcessDocumentModal';
import { FinalizeProcessModal } from '../components/FinalizeProcessModal';
import { ForwardProcessModal } from '../components/ForwardProcessModal';
import { ProcessDocumentsTable } from '../components/ProcessDocumentsTable';
import { ProcessHistoryTimeline } from '../components/ProcessHistoryTimeline';
import { ProcessInfoCard } from '../components/ProcessInfoCard';
import { ProcessLinkedDocuments } from '../components/ProcessLinkedDocuments';
import { RespondProcessModal } from '../components/RespondProcessModal';
import { useDepartmentNames } from '../hooks/useDepartmentNames';
import { PROCESS_LOAD_ERROR, PROCESS_NOT_FOUND, useProcess } from '../hooks/useProcess';
import { useProcessDocuments } from '../hooks/useProcessDocuments';
import { availableActions, PROCESS_ACTION_LABELS, type ProcessAction } from '../utils/process-actions';
import { processIdFromParam } from '../utils/routes';
import '../processes.css';

/** /process-details/{id} */
export default function ProcessDetailsPage() {
  const params = useParams<{ id: string }>();
  const id = processIdFromParam(params.id);
  const [, navigate] = useLocation();
  const { process, error, loading, reload, replace } = useProcess(id);
  const departments = useDepartmentNames();
  const linked = useProcessDocuments(id);
  const [open, setOpen] = useState<ProcessAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const close = () => setOpen(null);

  useSocketEvent('process:updated', (payload: ProcessUpdatedPayload) => {
    if (payload.processId === id && open === null) reload();
  });

  const remove = async () => {
    setDeleting(true);
    try {
      await processesApi.remove(id);
      toast.success('Processo excluído com sucesso!');
      setOpen(null);
      navigate('/processes');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Erro ao excluir processo. Por favor, tente novamente.'));
    } finally {
      setDeleting(false);
    }
  };

  const header = (
    <div className="process-details__header">
      <Link href="/processes" className="btn btn--secondary btn--sm process-details__back">
        <Icon name="arrowLeft" size={16} /> Voltar
      </Link>
      <h1>Processo {id}</h1>
    </div>
  );

  if (loading && !process) {
    return (
      <div className="process-details">
        {header}
        <Spinner label="Carregando processo..." />
      </div>
    );
  }
  if (error?.kind === 'denied') return <AccessDenied />;
  if (!process) {
    return (
      <div className="process-details">
        {header}
        {error?.kind === 'not-found' ? (
          <ErrorBanner message={error.message || PROCESS_NOT_FOUND} />
        ) : (
          <ErrorBanner message={PROCESS_LOAD_ERROR} onRetry={reload} />
        )}
      </div>
    );
  }

  const actions = availableActions(process);
  return (
    <div className="process-details">
      {header}
      {actions.length > 0 && (
        <div className="process-details__actions" role="toolbar" aria-label="Ações do processo">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'delete' ? 'danger' : action === 'finalize' ? 'secondary' : 'primary'}
              onPress={() => setOpen(action)}
            >
              {PROCESS_ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      )}
      <ProcessInfoCard process={process} />
      {process.permissions.canViewConfidentiality && <ConfidentialityPanel process={process} onChanged={replace} />}
      <Card>
        <Tabs>
          <TabList aria-label="Detalhes do processo">
            <Tab id="history">Histórico</Tab>
            <Tab id="documents">Documentos Anexados ({process.documents.length})</Tab>
            <Tab id="linked-documents">Documentos{linked.docs ? ` (${linked.docs.length})` : ''}</Tab>
          </TabList>
          <TabPanel id="history">
            <ProcessHistoryTimeline process={process} />
          </TabPanel>
          <TabPanel id="documents">
            <ProcessDocumentsTable documents={process.documents} />
          </TabPanel>
          <TabPanel id="linked-documents">
            <ProcessLinkedDocuments docs={linked.docs} error={linked.error} onRetry={linked.reload} />
          </TabPanel>
        </Tabs>
      </Card>

      <ForwardProcessModal
        process={process}
        departments={departments}
        isOpen={open === 'forward'}
        onClose={close}
        onDone={replace}
      />
      <RespondProcessModal process={process} isOpen={open === 'respond'} onClose={close} onDone={replace} />
      <FinalizeProcessModal process={process} isOpen={open === 'finalize'} onClose={close} onDone={replace} />
      <AttachDocumentModal process={process} isOpen={open === 'attach'} onClose={close} onDone={replace} />
      {open === 'createDocument' && (
        <CreateProcessDocumentModal processId={process.id} onClose={close} onCreated={linked.add} />
      )}
      <ConfirmDialog
        isOpen={open === 'delete'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Excluir Processo"
        message={`Tem certeza de que deseja excluir o processo ${process.id}? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        isDestructive
        isPending={deleting}
        onConfirm={remove}
      />
    </div>
  );
}
