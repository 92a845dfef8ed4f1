import type { DocumentTypeRef } from '@contracts';
import { Select } from '@/ui/Select';
import { useDocumentTypes } from '../hooks/useDocumentTypes';

export const NO_DOCUMENT_TYPE = '';

export interface DocumentTypeSelectProps {
  /** A type id, or '' for none (in a filter: every type). */
  value: string;
  onChange: (id: string) => void;
  /** The label of '' ('Sem tipo' in a form, 'Todos os tipos' in a filter). */
  noneLabel: string;
  /** The document's current type, kept as an option even once deactivated. */
  current?: DocumentTypeRef | null;
  className?: string;
}

/** 'Tipo de documento': the active types (docs/documents.md#types); a qualified minimum is named beside the type. */
export function DocumentTypeSelect({ value, onChange, noneLabel, current, className }: DocumentTypeSelectProps) {
  const { data, isError } = useDocumentTypes();
  const types = [...(data ?? [])];
  if (current && !types.some((t) => t.id === current.id))
    types.push({ ...current, active: false, createdAt: '', updatedAt: '' });
  const options = [
    { id: NO_DOCUMENT_TYPE, label: noneLabel },
    ...types.map((t) => ({
      id: t.id,
      label: t.minimumLevel === 'qualified' ? `${t.name} (assinatura qualificada)` : t.name,
    })),
  ];
  return (
    <Select
      label="Tipo de documento"
      className={className}
      options={options}
      value={value}
      onChange={onChange}
      isDisabled={!data && !isError}
      errorMessage={isError ? 'Falha ao carregar os tipos de documento.' : undefined}
    />
  );
}
