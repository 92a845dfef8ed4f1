import {
  SIGNATURE_ORDER_LABELS,
  SIGNATURE_ORDERS,
  localIsoDate,
  type DocumentView,
  type SignatureOrder,
  type SignerInput,
} from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { ActionModal } from '@/ui/ActionModal';
import { RadioGroup } from '@/ui/RadioGroup';
import { TextArea } from '@/ui/TextArea';
import { toast } from '@/ui/toast';
import { DeadlineFields } from '@/modules/deadlines/components/DeadlineFields';
import {
  deadlineProblem,
  EMPTY_DEADLINE,
  toDeadlineRequest,
  type DeadlineFormValues,
} from '@/modules/deadlines/utils/deadline-form';
import { documentsApi } from '../api/documents-api';
import { signatureRequestProblem } from '../utils/document-form';
import { SignerPicker } from './SignerPicker';

const ORDER_OPTIONS = SIGNATURE_ORDERS.map((order) => ({ id: order, label: SIGNATURE_ORDER_LABELS[order] }));

export interface SignatureRequestModalProps {
  doc: DocumentView;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 'Solicitar assinaturas' (docs/documents.md#signature-requests): users or a department's Chefia,
 * in order or together, an optional deadline on the deadlines calendar and a message.
 */
export function SignatureRequestModal({ doc, onClose, onDone }: SignatureRequestModalProps) {
  const [signers, setSigners] = useState<SignerInput[]>([]);
  const [order, setOrder] = useState<SignatureOrder>('sequential');
  const [deadline, setDeadline] = useState<DeadlineFormValues>(EMPTY_DEADLINE);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const request = { signers, order, deadline: toDeadlineRequest(deadline), message: message.trim() || undefined };
    const refused = signatureRequestProblem(request) ?? deadlineProblem(deadline, localIsoDate(new Date()));
    setProblem(refused);
    if (refused) return;
    setPending(true);
    try {
      await documentsApi.requestSignatures(doc.id, request);
      toast.success('Assinaturas solicitadas com sucesso!');
      onDone();
    } catch (failure) {
      setProblem(errorMessage(failure, 'Não foi possível solicitar as assinaturas.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <ActionModal
      isOpen
      title="Solicitar assinaturas"
      submitLabel="Solicitar"
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
      pending={pending}
      error={problem}
      onDismissError={() => setProblem(null)}
    >
      <SignerPicker value={signers} onChange={setSigners} confidential={doc.confidential} />
      <RadioGroup
        label="Ordem das assinaturas"
        options={ORDER_OPTIONS}
        value={order}
        onChange={(value) => setOrder(value as SignatureOrder)}
      />
      <DeadlineFields
        legend="Prazo para assinar"
        value={deadline}
        onChange={setDeadline}
        modes={['none', 'days', 'date']}
        hint={(day) => `As assinaturas vencerão em ${day}.`}
      />
      <TextArea label="Mensagem aos signatários" value={message} onChange={setMessage} rows={3} />
    </ActionModal>
  );
}
