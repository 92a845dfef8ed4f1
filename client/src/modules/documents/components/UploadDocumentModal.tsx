import { DOCUMENT_MESSAGES } from '@contracts';
import { useState } from 'react';
import { DocumentTypeSelect, NO_DOCUMENT_TYPE } from '@/modules/document-types/components/DocumentTypeSelect';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { useRevealError } from '@/ui/useRevealError';

export interface UploadDocumentModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** `documentType` is a type id, or '' for none. */
  onUpload: (file: File, documentType: string) => Promise<void>;
}

/** 'Enviar Arquivo': one file; the server checks type and size like every upload. */
export function UploadDocumentModal({ isOpen, onClose, onUpload }: UploadDocumentModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState(NO_DOCUMENT_TYPE);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRevealError<HTMLLabelElement>(error);

  const send = async () => {
    if (!file) {
      setError(DOCUMENT_MESSAGES.fileRequired);
      return;
    }
    setSending(true);
    try {
      await onUpload(file, documentType);
      setFile(null);
      setDocumentType(NO_DOCUMENT_TYPE);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Enviar Arquivo"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={sending}>
            Cancelar
          </Button>
          <Button onPress={() => void send()} isDisabled={sending}>
            {sending ? 'Enviando...' : 'Enviar'}
          </Button>
        </>
      }
    >
      <label ref={field} className="field" data-invalid={error ? true : undefined}>
        <span className="field__label">Arquivo</span>
        <input
          type="file"
          className="field__input"
          accept=".pdf,.jpg,.jpeg,.png,.gif,.txt,.md,.html,.htm,.xml,.json,.js,.css,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.csv"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'upload-document-error' : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        {error && (
          <span id="upload-document-error" className="field__error">
            {error}
          </span>
        )}
      </label>
      <DocumentTypeSelect value={documentType} onChange={setDocumentType} noneLabel="Sem tipo" />
    </Modal>
  );
}
