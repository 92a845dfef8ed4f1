import type { DocumentView } from '@contracts';
import { useAtomValue } from 'jotai';
import { errorMessage } from '@/lib/http';
import { toast } from '@/ui/toast';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { documentsApi } from '@/modules/documents/api/documents-api';
import { DocumentEditorModal } from '@/modules/documents/components/DocumentEditorModal';
import { blankEditorValues, newDocumentRequest } from '@/modules/documents/utils/document-form';

export interface CreateProcessDocumentModalProps {
  processId: string;
  onClose: () => void;
  onCreated: (doc: DocumentView) => void;
}

/** 'Criar Documento' on a process: the document editor (title, 20-row text), linked to the process. */
export function CreateProcessDocumentModal({ processId, onClose, onCreated }: CreateProcessDocumentModalProps) {
  const user = useAtomValue(currentUserAtom);
  return (
    <DocumentEditorModal
      isOpen
      heading="Criar Documento"
      creating
      onClose={onClose}
      showConfidential={user?.level === 'Chefia'}
      initial={blankEditorValues(processId)}
      onSave={async (values) => {
        try {
          const doc = await documentsApi.create(newDocumentRequest(values));
          toast.success('Documento criado com sucesso!');
          onCreated(doc);
          onClose();
        } catch (failure) {
          toast.error(errorMessage(failure, 'Erro ao processar documento.'));
        }
      }}
    />
  );
}
