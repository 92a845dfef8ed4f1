import { DOCUMENT_MESSAGES } from '@contracts';
import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { useRevealError } from '@/ui/useRevealError';
import { ConfidentialFields } from './ConfidentialFields';

const TITLE_REQUIRED = DOCUMENT_MESSAGES.titleRequired;
const CONTENT_REQUIRED = DOCUMENT_MESSAGES.contentRequired;

export interface EditorValues {
  title: string;
  content: string;
  confidential: boolean;
  /** Users who may also see a confidential document (the author always may). */
  confidentialAccess: string[];
  /** Optional process to attach a new document to (its NUP number). */
  processId: string;
}

export interface DocumentEditorModalProps {
  isOpen: boolean;
  onClose: () => void;
  heading: string;
  initial: EditorValues;
  /** The confidential checkbox appears only for level Chefia creating a document (docs/documents.md#viewer). */
  showConfidential: boolean;
  /** Creating: a process number may be given. */
  showProcess?: boolean;
  onSave: (values: EditorValues) => Promise<void>;
}

/** Text editor of a .txt document: title, 20-row content; saving needs both (docs/documents.md#viewer). */
export function DocumentEditorModal({
  isOpen,
  onClose,
  heading,
  initial,
  showConfidential,
  showProcess = false,
  onSave,
}: DocumentEditorModalProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [saving, setSaving] = useState(false);
  // Set by a refused save only (not when a fixed field clears its message): the invalid field comes into view.
  const [refusedSave, setRefusedSave] = useState<object | null>(null);
  const fields = useRevealError<HTMLDivElement>(refusedSave);

  const save = async () => {
    const next = {
      title: values.title.trim() ? undefined : TITLE_REQUIRED,
      content: values.content.trim() ? undefined : CONTENT_REQUIRED,
    };
    setErrors(next);
    if (next.title || next.content) return setRefusedSave(next);
    setSaving(true);
    try {
      await onSave({ ...values, title: values.title.trim() });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={heading}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancelar
          </Button>
          <Button onPress={() => void save()} isDisabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </>
      }
    >
      <div ref={fields} className="modal-fields">
        <TextField
          label="Título"
          value={values.title}
          onChange={(title) => {
            setValues((v) => ({ ...v, title }));
            if (title.trim()) setErrors((e) => ({ ...e, title: undefined }));
          }}
          errorMessage={errors.title}
          autoFocus
        />
        {showProcess && (
          <TextField
            label="Processo vinculado (opcional)"
            description="Número do processo, por exemplo 10001.000123/2026-45"
            value={values.processId}
            onChange={(processId) => setValues((v) => ({ ...v, processId }))}
          />
        )}
        <TextArea
          label="Conteúdo"
          rows={20}
          value={values.content}
          onChange={(content) => {
            setValues((v) => ({ ...v, content }));
            if (content.trim()) setErrors((e) => ({ ...e, content: undefined }));
          }}
          errorMessage={errors.content}
        />
        {showConfidential && (
          <ConfidentialFields
            confidential={values.confidential}
            access={values.confidentialAccess}
            onChange={({ confidential, access }) =>
              setValues((v) => ({ ...v, confidential, confidentialAccess: access }))
            }
          />
        )}
      </div>
    </Modal>
  );
}
