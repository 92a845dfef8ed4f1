import { parseContract, refuseSignatureSchema } from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { ActionModal } from '@/ui/ActionModal';
import { TextArea } from '@/ui/TextArea';
import { toast } from '@/ui/toast';
import { documentsApi } from '../api/documents-api';

/** 'Recusar': the pending signer refuses with a reason, which stops the request and tells the requester. */
export function RefuseSignatureModal({
  documentId,
  onClose,
  onDone,
}: {
  documentId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const checked = parseContract(refuseSignatureSchema, { reason });
    if (!checked.ok) return setProblem(checked.message);
    setPending(true);
    try {
      await documentsApi.refuseSignature(documentId, checked.data.reason);
      toast.success('Assinatura recusada.');
      onDone();
    } catch (failure) {
      setProblem(errorMessage(failure, 'Não foi possível recusar a assinatura.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <ActionModal
      isOpen
      title="Recusar assinatura"
      submitLabel="Recusar"
      isDestructive
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      error={problem}
      onDismissError={() => setProblem(null)}
    >
      <TextArea label="Motivo da recusa" isRequired value={reason} onChange={setReason} rows={3} autoFocus />
    </ActionModal>
  );
}
