import type { ProcessUpdatedPayload } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Icon } from '@/ui/Icon';
import { Card } from '@/ui/Card';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Spinner } from '@/ui/Spinner';
import { Tab, TabList, TabPanel, Tabs } from '@/ui/Tabs';
import { toast } from '@/ui/toast';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { processesApi } from '../api/processes-api';
import { processKeys } from '../api/process-keys';
import { ProcessUnavailable } from '../components/ProcessUnavailable';
import { AttachDocumentModal } from '../components/AttachDocumentModal';
import { ConfidentialityPanel } from '../components/ConfidentialityPanel';
import { CreateProcessDocumentModal } from '../components/CreateProcessDocumentModal';
import { FinalizeProcessModal } from '../components/FinalizeProcessModal';
import { ForwardProcessModal } from '../components/ForwardProcessModal';
import { DeadlineActionModals } from '../components/DeadlineActionModals';
import { DeadlineBadge } from '@/modules/deadlines/components/DeadlineBadge';
import { DeadlinesPanel } from '../components/DeadlinesPanel';
import { ProcessDocumentsTable } from '../components/ProcessDocumentsTable';
import { ProcessHistoryTimeline } from '../components/ProcessHistoryTimeline';
import { ProcessAccessCode } from '../components/ProcessAccessCode';
import { ProcessInfoCard } from '../components/ProcessInfoCard';
import { ProcessLinkedDocuments } from '../components/ProcessLinkedDocuments';
import { RespondProcessModal } from '../components/RespondProcessModal';
import { useDepartmentNames } from '@/modules/departments/hooks/useDepartments';
import { useDocumentCache } from '@/modules/documents/hooks/useDocumentCache';
import { PROCESS_LOAD_ERROR, PROCESS_NOT_FOUND, useProcess, useProcessCache } from '../hooks/useProcess';
import { useProcessDocuments } from '../hooks/useProcessDocuments';
import { availableActions, PROCESS_ACTION_LABELS, type ProcessAction } from '../utils/process-actions';
import { isDeadlineAction, type DeadlineAction } from '../utils/deadline-actions';
import { processIdFromParam } from '../utils/routes';
import '../processes.css';

/** /process-details/{id} */
export default function ProcessDetailsPage() {
  const params = useParams<{ id: string }>();
  const id = processIdFromParam(params.id);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { process, error, loading, reload } = useProcess(id);
  const replace = useProcessCache();
  const storeDocument = useDocumentCache();
  const departments = useDepartmentNames();
  const linked = useProcessDocuments(id);
  const [open, setOpen] = useState<ProcessAction | DeadlineAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const close = () => setOpen(null);

  // A change pushed while an action modal is open waits: the modal works on the process it shows.
  useSocketEvent('process:updated', (payload: ProcessUpdatedPayload) => {
    if (payload.processId === id && open === null) {
      void queryClient.invalidateQueries({ queryKey: processKeys.detail(id) });
    }
  });

  const remove = async () => {
    setDeleting(true);
    try {
      await processesApi.remove(id);
      void queryClient.invalidateQueries({ queryKey: processKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: processKeys.stats() });
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
      {process?.deadline && <DeadlineBadge deadline={process.deadline} />}
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
  if (error?.kind === 'unavailable') return <ProcessUnavailable />;
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
      {process.accessCode && (
        <ProcessAccessCode process={{ ...process, accessCode: process.accessCode }} onChanged={replace} />
      )}
      <DeadlinesPanel process={process} onAction={setOpen} />
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
      <DeadlineActionModals
        process={process}
        open={isDeadlineAction(open) ? open : null}
        onClose={close}
        onDone={replace}
      />
      <RespondProcessModal process={process} isOpen={open === 'respond'} onClose={close} onDone={replace} />
      <FinalizeProcessModal process={process} isOpen={open === 'finalize'} onClose={close} onDone={replace} />
      <AttachDocumentModal process={process} isOpen={open === 'attach'} onClose={close} onDone={replace} />
      {open === 'createDocument' && (
        <CreateProcessDocumentModal processId={process.id} onClose={close} onCreated={storeDocument} />
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
