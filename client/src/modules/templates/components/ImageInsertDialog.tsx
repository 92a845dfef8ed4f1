import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { RadioGroup } from '@/ui/RadioGroup';
import { TextField } from '@/ui/TextField';
import {
  CUSTOM_PERCENT_INVALID,
  DEFAULT_IMAGE_CHOICE,
  IMAGE_ALIGNMENTS,
  IMAGE_SIZES,
  imageAttributes,
  type ImageAlignment,
  type ImageChoice,
  type ImageSize,
} from '../utils/image-insert';

export interface ImageInsertDialogProps {
  /** The uploaded image's original name (shown, and its alternative text). */
  name: string;
  onInsert: (attributes: { width: string; textAlign: ImageAlignment }) => void;
  onCancel: () => void;
}

/** Asks the size (pequena 30%, média 50%, grande 80% or a percentage) and the alignment (docs/templates.md#editor). */
export function ImageInsertDialog({ name, onInsert, onCancel }: ImageInsertDialogProps) {
  const [choice, setChoice] = useState<ImageChoice>(DEFAULT_IMAGE_CHOICE);
  const [error, setError] = useState<string | undefined>();
  const insert = () => {
    const attributes = imageAttributes(choice);
    if (!attributes) return setError(CUSTOM_PERCENT_INVALID);
    onInsert(attributes);
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onCancel()}
      title="Inserir imagem"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancelar
          </Button>
          <Button onPress={insert}>Inserir</Button>
        </>
      }
    >
      <div className="modal-fields">
        <p className="field__description">{name}</p>
        <RadioGroup
          label="Tamanho"
          options={IMAGE_SIZES}
          value={choice.size}
          onChange={(size) => {
            setChoice((c) => ({ ...c, size: size as ImageSize }));
            setError(undefined);
          }}
        />
        {choice.size === 'custom' && (
          <TextField
            label="Largura (% da largura do texto)"
            inputMode="decimal"
            value={choice.customPercent}
            onChange={(customPercent) => {
              setChoice((c) => ({ ...c, customPercent }));
              setError(undefined);
            }}
            errorMessage={error}
            autoFocus
          />
        )}
        <RadioGroup
          label="Alinhamento"
          options={IMAGE_ALIGNMENTS}
          value={choice.alignment}
          onChange={(alignment) => setChoice((c) => ({ ...c, alignment: alignment as ImageAlignment }))}
        />
      </div>
    </Modal>
  );
}
