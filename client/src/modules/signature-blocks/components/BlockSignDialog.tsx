import { BLOCK_RESULT_STATE_LABELS, type SignatureBlockView, type SignBlockResponse } from '@contracts';
import { useState } from 'react';
import { CredentialsPanel } from '@/modules/documents/components/SigningPanel';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { signatureBlocksApi } from '../api/signature-blocks-api';
import { HIDDEN_DOCUMENT, RESULT_TONES } from './block-format';

export interface BlockSignDialogProps {
  block: SignatureBlockView;
  isOpen: boolean;
  onClose: () => void;
  /** Documents done so far in this call (from `signature-block:progress`), null when none is running. */
  progress: { done: number; total: number } | null;
  onSigned: (result: SignBlockResponse) => void;
}

/** 'Assinar todos': one password or one certificate for every document awaiting me, then each document's result. */
export function BlockSignDialog({ block, isOpen, onClose, progress, onSigned }: BlockSignDialogProps) {
  const [result, setResult] = useState<SignBlockResponse | null>(null);
  const titleOf = (documentId: string) => {
    const doc = block.documents.find((d) => d.documentId === documentId);
    return doc?.visible ? `${doc.title} (${doc.protocolNumber})` : HIDDEN_DOCUMENT;
  };
  const close = () => {
    setResult(null);
    onClose();
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !progress && close()}
      isDismissable={!progress}
      isKeyboardDismissDisabled={Boolean(progress)}
      title={`Assinar todos — ${block.name}`}
      size="md"
      footer={
        result ? (
          <Button variant="secondary" onPress={close}>
            Fechar
          </Button>
        ) : undefined
      }
    >
      {result ? (
        <div className="block-sign__result">
          <p role="status">{result.message}</p>
          <ul className="block-sign__results" aria-label="Resultado por documento">
            {result.results.map((r) => (
              <li key={r.documentId}>
                <Badge tone={RESULT_TONES[r.state]}>{BLOCK_RESULT_STATE_LABELS[r.state]}</Badge>{' '}
                <span>{titleOf(r.documentId)}</span>
                {r.reason && <span className="block-sign__reason">{r.reason}</span>}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <p className="muted">
            {block.myPendingCount === 1
              ? '1 documento aguarda a sua assinatura.'
              : `${block.myPendingCount} documentos aguardam a sua assinatura.`}{' '}
            Cada documento recebe a sua própria assinatura.
          </p>
          <CredentialsPanel
            label="Assinar todos os documentos do bloco"
            submit={(input) => signatureBlocksApi.sign(block.id, input)}
            onSigned={(signed) => {
              setResult(signed);
              onSigned(signed);
            }}
            failure="Não foi possível assinar os documentos do bloco. Tente novamente."
          />
          {progress && (
            <div className="block-sign__progress">
              <progress max={progress.total} value={progress.done} aria-label="Progresso da assinatura" />
              <span aria-live="polite">
                {progress.done} de {progress.total} documentos processados
              </span>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
