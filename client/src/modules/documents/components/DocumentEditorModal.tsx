import type { DocumentTypeRef } from '@contracts';
import { useState } from 'react';
import { DocumentTypeSelect } from '@/modules/document-types/components/DocumentTypeSelect';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { TextArea } from '@/ui/TextArea';
import { TextField } from '@/ui/TextField';
import { useRevealError } from '@/ui/useRevealError';
import {
  documentEditErrors,
  type DocumentFormErrors,
  type EditorValues,
  hasErrors,
  newDocumentErrors,
  newDocumentRequest,
} from '../utils/document-form';
import { ConfidentialFields } from './ConfidentialFields';

export interface DocumentEditorModalProps {
  isOpen: boolean;
  onClose: () => void;
  heading: string;
  initial: EditorValues;
  /** The confidential checkbox appears only for level Chefia creating a document (docs/documents.md#viewer). */
  showConfidential: boolean;
  /** Creating: a process number may be given. */
  showProcess?: boolean;
  /** A new document (checked as POST /documents checks it) rather than the edit of a text. */
  creating: boolean;
  onSave: (values: EditorValues) => Promise<void>;
  /** The document's type when editing (kept as a choice even once deactivated). */
  currentType?: DocumentTypeRef | null;
}

/** Text editor of a .txt document: title, 20-row content; saving needs both (docs/documents.md#viewer). */
export function DocumentEditorModal({
  isOpen,
  onClose,
  heading,
  initial,
  showConfidential,
  showProcess = false,
  creating,
  onSave,
  currentType = null,
}: DocumentEditorModalProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DocumentFormErrors>({});
  const [saving, setSaving] = useState(false);
  // Set by a refused save only (not when a fixed field clears its message): the invalid field comes into view.
  const [refusedSave, setRefusedSave] = useState<object | null>(null);
  const fields = useRevealError<HTMLDivElement>(refusedSave);

  const save = async () => {
    // The server's own checks, each message at its field; the content is needed either way.
    const next = creating
      ? newDocumentErrors(newDocumentRequest(values), !values.content.trim())
      : documentEditErrors(values);
    setErrors(next);
    if (hasErrors(next)) return setRefusedSave(next);
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
        <DocumentTypeSelect
          value={values.documentType}
          onChange={(documentType) => setValues((v) => ({ ...v, documentType }))}
          noneLabel="Sem tipo"
          current={currentType}
        />
        {showProcess && (
          <TextField
            label="Processo vinculado (opcional)"
            description="Número do processo, por exemplo 10001.000123/2026-45"
            value={values.processId}
            onChange={(processId) => {
              setValues((v) => ({ ...v, processId }));
              setErrors((e) => ({ ...e, processId: undefined }));
            }}
            errorMessage={errors.processId}
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
        {errors.other && (
          <p role="alert" className="field__error">
            {errors.other}
          </p>
        )}
      </div>
    </Modal>
  );
}
