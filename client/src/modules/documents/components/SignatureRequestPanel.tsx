import {
  SIGNATURE_ORDER_LABELS,
  SIGNATURE_REQUEST_STATUS_LABELS,
  SIGNER_STATE_LABELS,
  type DocumentView,
  type SignerState,
  type SignatureRequestStatus,
} from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { Badge, type BadgeTone } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toast';
import { DeadlineBadge } from '@/modules/deadlines/components/DeadlineBadge';
import { useUserLookups } from '@/modules/users/hooks/useUserLookups';
import { documentsApi } from '../api/documents-api';
import { RefuseSignatureModal } from './RefuseSignatureModal';
import { SignatureRequestModal } from './SignatureRequestModal';

const SIGNER_TONES: Record<SignerState, BadgeTone> = {
  pending: 'warning',
  waiting: 'neutral',
  signed: 'success',
  refused: 'danger',
};
const REQUEST_TONES: Record<SignatureRequestStatus, BadgeTone> = {
  open: 'info',
  completed: 'success',
  cancelled: 'neutral',
  refused: 'danger',
};

export interface SignatureRequestPanelProps {
  doc: DocumentView;
  viewerId: string;
  /** The viewer is the document's author or an admin. */
  manages: boolean;
  /** Reload the document after a change. */
  onChanged: () => void;
}

/**
 * The document's signature request (docs/documents.md#signature-requests): signers with their
 * states; the requester cancels, adds and removes signers who have not signed; a pending signer
 * refuses with a reason; without an open request the author asks for signatures.
 */
export function SignatureRequestPanel({ doc, viewerId, manages, onChanged }: SignatureRequestPanelProps) {
  const request = doc.signatureRequest;
  const open = request?.status === 'open';
  const mayChange = open && (manages || request.requestedBy === viewerId);
  const mayRequest = manages && !open && doc.status !== 'signed' && doc.status !== 'rejected';
  const myState = doc.signingFlow.find((s) => s.userId === viewerId)?.state;
  const { users } = useUserLookups(mayChange);
  const [asking, setAsking] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(success);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="document-details__section signature-request" aria-label="Assinaturas solicitadas">
      <h3>Assinaturas solicitadas</h3>
      {!request && <p className="muted">Nenhuma assinatura solicitada.</p>}
      {request && (
        <>
          <p className="signature-request__facts">
            <Badge tone={REQUEST_TONES[request.status]}>{SIGNATURE_REQUEST_STATUS_LABELS[request.status]}</Badge>
            <span>{SIGNATURE_ORDER_LABELS[request.order]}</span>
            <span>
              Solicitado por {request.requestedByName} em {formatDateTime(request.createdAt)}
            </span>
            {request.deadline && <DeadlineBadge deadline={request.deadline} />}
          </p>
          {request.message && <blockquote className="signature-request__message">{request.message}</blockquote>}
          <ol className="signing-flow">
            {doc.signingFlow.map((signer) => (
              <li key={signer.userId} className="signing-flow__item">
                <span className="signing-flow__position">{signer.position + 1}.</span>
                <span>
                  {signer.userName} ({signer.userDepartment})
                </span>
                <Badge tone={SIGNER_TONES[signer.state]}>{SIGNER_STATE_LABELS[signer.state]}</Badge>
                {signer.signedAt && <span className="muted">em {formatDateTime(signer.signedAt)}</span>}
                {signer.refusalReason && <span className="muted">Motivo: {signer.refusalReason}</span>}
                {mayChange && signer.state !== 'signed' && doc.signingFlow.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover ${signer.userName}`}
                    isDisabled={busy}
                    onPress={() =>
                      void run(
                        () => documentsApi.removeSigner(request.id, signer.userId),
                        'Signatário removido.',
                        'Não foi possível remover o signatário.',
                      )
                    }
                  >
                    ×
                  </Button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <div className="signature-request__actions">
        {mayRequest && (
          <Button size="sm" onPress={() => setAsking(true)}>
            Solicitar assinaturas
          </Button>
        )}
        {open && myState === 'pending' && (
          <Button variant="secondary" size="sm" onPress={() => setRefusing(true)}>
            Recusar
          </Button>
        )}
        {mayChange && (
          <>
            <Select
              label="Adicionar signatário"
              placeholder="Selecione um usuário..."
              value={null}
              isDisabled={busy}
              options={users
                .filter((u) => !doc.signingFlow.some((s) => s.userId === u._id))
                .map((u) => ({ id: u._id, label: `${u.name} — ${u.department}` }))}
              onChange={(id) =>
                void run(
                  () => documentsApi.addSigners(request.id, { signers: [id] }),
                  'Signatário adicionado.',
                  'Não foi possível adicionar o signatário.',
                )
              }
            />
            <Button variant="danger" size="sm" isDisabled={busy} onPress={() => setCancelling(true)}>
              Cancelar solicitação
            </Button>
          </>
        )}
      </div>
      {asking && (
        <SignatureRequestModal
          doc={doc}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            onChanged();
          }}
        />
      )}
      {refusing && (
        <RefuseSignatureModal
          documentId={doc.id}
          onClose={() => setRefusing(false)}
          onDone={() => {
            setRefusing(false);
            onChanged();
          }}
        />
      )}
      {request && (
        <ConfirmDialog
          isOpen={cancelling}
          onOpenChange={setCancelling}
          title="Cancelar solicitação"
          message="Os signatários que ainda não assinaram deixarão de ver este pedido. Deseja cancelar?"
          confirmLabel="Cancelar solicitação"
          cancelLabel="Voltar"
          isDestructive
          isPending={busy}
          onConfirm={async () => {
            await run(
              () => documentsApi.cancelSignatureRequest(request.id),
              'Solicitação de assinaturas cancelada.',
              'Não foi possível cancelar a solicitação.',
            );
            setCancelling(false);
          }}
        />
      )}
    </section>
  );
}
