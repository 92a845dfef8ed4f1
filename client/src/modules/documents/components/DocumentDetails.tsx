import { type DocumentStatus, type DocumentView, statusChangeDecision, verificationPath } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { toast } from '@/ui/toast';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { documentContentQuery } from '../api/document-content-query';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';
import { processHref, verificationHref } from '../utils/document-format';
import type { EditorValues } from '../utils/document-form';
import { DocumentEditorModal } from './DocumentEditorModal';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { DocumentViewer } from './DocumentViewer';
import { SignatureList } from './SignatureList';
import { SignatureRequestPanel } from './SignatureRequestPanel';
import { SigningPanel } from './SigningPanel';

const STATUS_ACTIONS: { to: Exclude<DocumentStatus, 'signed'>; label: string }[] = [
  { to: 'submitted', label: 'Enviar' },
  { to: 'approved', label: 'Aprovar' },
  { to: 'rejected', label: 'Rejeitar' },
  { to: 'draft', label: 'Voltar para rascunho' },
];

/** Everything about one document: facts, actions, viewer, signing flow and signatures. */
export function DocumentDetails({ doc, onChange }: { doc: DocumentView; onChange: (doc: DocumentView) => void }) {
  const user = useAtomValue(currentUserAtom);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EditorValues | null>(null);
  const [signing, setSigning] = useState(false);
  const actor = user && { id: user.id, role: user.role, level: user.level, department: user.department };
  const manages = !!actor && (actor.role === 'admin' || doc.createdBy === actor.id);
  const statusActions = actor ? STATUS_ACTIONS.filter((a) => statusChangeDecision(doc, a.to, actor) === 'allowed') : [];

  /** After a change of the signature request: the document again, and every list it shows in. */
  const reload = async () => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
    try {
      onChange(await documentsApi.get(doc.id));
    } catch (failure) {
      toast.error(errorMessage(failure, 'Falha ao carregar documento...'));
    }
  };

  const openEditor = async () => {
    try {
      const { content } = await queryClient.fetchQuery(documentContentQuery(doc));
      setEditing({
        title: doc.title,
        content,
        confidential: doc.confidential,
        confidentialAccess: doc.confidentialAccess,
        processId: doc.processId ?? '',
        documentType: doc.documentType?.id ?? '',
      });
    } catch (failure) {
      toast.error(errorMessage(failure, 'Falha ao carregar documento...'));
    }
  };

  const changeStatus = async (to: Exclude<DocumentStatus, 'signed'>) => {
    try {
      onChange(await documentsApi.setStatus(doc.id, to));
      toast.success('Status do documento atualizado.');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Não foi possível alterar o status do documento.'));
    }
  };

  return (
    <article className="document-details" aria-label={doc.title}>
      <header className="document-details__header">
        <div>
          <h2 className="document-details__title">{doc.title}</h2>
          <p className="document-details__meta">
            <span>{doc.protocolNumber}</span>
            <span>{doc.department}</span>
            <span>
              {doc.createdByName} · {formatDateTime(doc.createdAt)}
            </span>
            <span>
              {doc.name} ({formatFileSize(doc.size)})
            </span>
          </p>
          <p className="document-details__badges">
            <DocumentStatusBadge status={doc.status} />
            {doc.confidential && <Badge tone="warning">Sigiloso</Badge>}
            {doc.documentType && <Badge>{doc.documentType.name}</Badge>}
            {doc.processId && (
              <a className="document-details__process" href={processHref(doc.processId)}>
                Processo {doc.processName ? `— ${doc.processName}` : doc.processId}
              </a>
            )}
          </p>
        </div>
        <div className="document-details__actions">
          {doc.editable && (
            <Button variant="secondary" size="sm" onPress={() => void openEditor()}>
              Editar
            </Button>
          )}
          {statusActions.map((action) => (
            <Button key={action.to} variant="secondary" size="sm" onPress={() => void changeStatus(action.to)}>
              {action.label}
            </Button>
          ))}
          {doc.docxFileName && (
            <a className="btn btn--secondary btn--sm" href={documentsApi.docxUrl(doc.id)} download>
              Baixar DOCX
            </a>
          )}
          {doc.canSign && doc.status !== 'signed' && (
            <Button size="sm" onPress={() => setSigning(true)}>
              Assinar
            </Button>
          )}
        </div>
      </header>

      <DocumentViewer doc={doc} />

      {user && <SignatureRequestPanel doc={doc} viewerId={user.id} manages={manages} onChanged={() => void reload()} />}

      <section className="document-details__section">
        <h3>Assinaturas</h3>
        {doc.signatures.length === 0 ? (
          <p className="muted">Nenhuma assinatura.</p>
        ) : (
          <>
            <SignatureList signatures={doc.signatures} />
            {doc.verificationCode && (
              <p>
                <a
                  href={verificationHref(verificationPath(doc.id, doc.verificationCode))}
                  target="_blank"
                  rel="noreferrer"
                  className="document-details__verify"
                >
                  Link público de verificação
                </a>
                {doc.hasSignedPdf && (
                  <>
                    {' · '}
                    <a href={documentsApi.verifiedFileUrl(doc.id, doc.verificationCode)} download>
                      Baixar PDF assinado
                    </a>
                  </>
                )}
              </p>
            )}
          </>
        )}
      </section>

      {editing && (
        <DocumentEditorModal
          isOpen
          heading="Editar Documento"
          creating={false}
          onClose={() => setEditing(null)}
          showConfidential={false}
          initial={editing}
          currentType={doc.documentType}
          onSave={async ({ title, content, documentType }) => {
            try {
              onChange(await documentsApi.update(doc.id, title, content, documentType));
              toast.success('Documento editado com sucesso!');
              setEditing(null);
            } catch (failure) {
              toast.error(errorMessage(failure, 'Não foi possível editar este documento...'));
            }
          }}
        />
      )}
      <Modal isOpen={signing} onOpenChange={setSigning} title="Assinar Documento" size="md">
        <SigningPanel
          doc={doc}
          onSigned={(result) => {
            setSigning(false);
            onChange(result.document);
          }}
        />
      </Modal>
    </article>
  );
}
