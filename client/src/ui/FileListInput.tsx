import { useId, useRef } from 'react';
import { formatFileSize } from '@/lib/format';
import { Button } from './Button';

export interface FileListInputProps {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Text of the add button (files can be added in several rounds). */
  addLabel?: string;
  multiple?: boolean;
  accept?: string;
  isDisabled?: boolean;
  /** Error shown under the list (also marks the field invalid). */
  errorMessage?: string;
}

/** A list of chosen files: add more in several rounds, remove any one of them. */
export function FileListInput({
  label,
  files,
  onChange,
  addLabel = 'Adicionar arquivos',
  multiple = true,
  accept,
  isDisabled = false,
  errorMessage,
}: FileListInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const add = (list: FileList | null) => {
    if (list?.length) onChange(multiple ? [...files, ...Array.from(list)] : [list[0]]);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="field file-list-input" data-invalid={errorMessage ? true : undefined}>
      <span className="field__label">{label}</span>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        aria-label={label}
        aria-describedby={errorMessage ? errorId : undefined}
        multiple={multiple}
        accept={accept}
        disabled={isDisabled}
        onChange={(event) => add(event.target.files)}
      />
      <Button
        variant="secondary"
        size="sm"
        onPress={() => input.current?.click()}
        isDisabled={isDisabled}
        aria-describedby={errorMessage ? errorId : undefined}
      >
        {addLabel}
      </Button>
      {files.length > 0 && (
        <ul className="file-list-input__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="file-list-input__item">
              <span className="file-list-input__name">{file.name}</span>
              <span className="file-list-input__size">{formatFileSize(file.size)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remover ${file.name}`}
                isDisabled={isDisabled}
                onPress={() => onChange(files.filter((_, position) => position !== index))}
              >
                Remover
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errorMessage && (
        <p id={errorId} className="field__error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
