import {
  DOCUMENT_FORMATS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_TYPES,
  TEMPLATE_TYPE_LABELS,
  type DocumentFormat,
  type PageSize,
  type TemplateCategory,
  type TemplateMargins,
  type TemplateType,
  type TemplateView,
} from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { NumberField } from '@/ui/NumberField';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { useRevealError } from '@/ui/useRevealError';
import { templatesApi } from '../api/templates-api';
import { templateKeys } from '../api/template-keys';
import { PAGE_SIZE_OPTIONS } from '../utils/page-preview';
import {
  emptyTemplateForm,
  hasErrors,
  templateFormErrors,
  templateFormFrom,
  templateRequest,
  usesDocx,
  type TemplateFormErrors,
  type TemplateFormValues,
} from '../utils/template-form';
import { OrganizationSection } from './OrganizationSection';
import { ContentWithPreview } from './ContentWithPreview';
import { PlaceholderHint } from './PlaceholderHint';

/** docs/templates.md#validation. */
export const TEMPLATE_SAVE_FAILED = 'Erro ao salvar template. Por favor, tente novamente.';
export const DOCX_UPLOAD_FAILED = 'Falha ao enviar documento base. Por favor, tente novamente.';

const TYPE_OPTIONS = TEMPLATE_TYPES.map((id) => ({ id, label: TEMPLATE_TYPE_LABELS[id] }));
const CATEGORY_OPTIONS = TEMPLATE_CATEGORIES.map((id) => ({ id, label: TEMPLATE_CATEGORY_LABELS[id] }));
const FORMAT_LABELS: Record<DocumentFormat, string> = {
  html: 'HTML',
  docx: 'DOCX',
  hybrid: 'Híbrido (HTML + DOCX)',
};
/** What each format produces (server/src/contracts/templates.ts DOCUMENT_FORMATS). */
const FORMAT_HELP: Record<DocumentFormat, string> = {
  html: 'O PDF do documento é gerado a partir do conteúdo abaixo.',
  docx: 'O PDF do documento é o documento base (.docx) preenchido.',
  hybrid: 'O PDF é gerado a partir do conteúdo; o documento base (.docx) preenchido fica disponível para download.',
};
const FORMAT_OPTIONS = DOCUMENT_FORMATS.map((id) => ({ id, label: FORMAT_LABELS[id] }));
const MARGIN_FIELDS: { key: keyof TemplateMargins; label: string }[] = [
  { key: 'top', label: 'Margem superior (cm)' },
  { key: 'bottom', label: 'Margem inferior (cm)' },
  { key: 'left', label: 'Margem esquerda (cm)' },
  { key: 'right', label: 'Margem direita (cm)' },
];
const CM_FORMAT = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

export interface TemplateEditorProps {
  /** null: a new template. */
  template: TemplateView | null;
  /** Back to the list (after a save the list has been reloaded). */
  onDone: () => void;
}

/** The template form (docs/templates.md#editor): create and edit modes of the template manager. */
export function TemplateEditor({ template, onDone }: TemplateEditorProps) {
  const [values, setValues] = useState<TemplateFormValues>(() =>
    template ? templateFormFrom(template) : emptyTemplateForm(),
  );
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const [refused, setRefused] = useState<object | null>(null);
  const fields = useRevealError<HTMLFormElement>(refused);
  const queryClient = useQueryClient();
  const set = (patch: Partial<TemplateFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: (body: TemplateFormValues) =>
      template ? templatesApi.update(template.id, templateRequest(body)) : templatesApi.create(templateRequest(body)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
      toast.success(template ? 'Template atualizado com sucesso!' : 'Template criado com sucesso!');
      onDone();
    },
  });

  const submit = () => {
    const next = templateFormErrors(values);
    setErrors(next);
    if (hasErrors(next)) return setRefused(next);
    save.mutate(values);
  };
  const docx = usesDocx(values.documentFormat);

  return (
    <form
      ref={fields}
      className="template-form"
      aria-label={template ? 'Editar template' : 'Novo template'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section className="card template-form__card" aria-labelledby="template-info">
        <h2 id="template-info" className="card__title">
          Informações
        </h2>
        <TextField
          label="Título"
          value={values.title}
          onChange={(title) => {
            set({ title });
            if (title.trim()) setErrors((e) => ({ ...e, title: undefined }));
          }}
          errorMessage={errors.title}
          isRequired
          autoFocus
        />
        <div className="template-form__grid">
          <Select
            label="Tipo"
            options={TYPE_OPTIONS}
            value={values.type}
            onChange={(type) => set({ type: type as TemplateType })}
          />
          <Select
            label="Categoria"
            options={CATEGORY_OPTIONS}
            value={values.category}
            onChange={(category) => set({ category: category as TemplateCategory })}
          />
          <Select
            label="Formato do documento"
            options={FORMAT_OPTIONS}
            value={values.documentFormat}
            onChange={(documentFormat) => set({ documentFormat: documentFormat as DocumentFormat })}
          />
        </div>
        <p className="field__description">{FORMAT_HELP[values.documentFormat]}</p>
        <Checkbox isSelected={values.isPublic} onChange={(isPublic) => set({ isPublic })}>
          Disponível para todos os departamentos
        </Checkbox>
      </section>

      {docx && (
        <section className="card template-form__card" aria-labelledby="template-docx">
          <h2 id="template-docx" className="card__title">
            Documento base e cabeçalho institucional
          </h2>
          <BaseDocumentField value={values.baseDocument} onChange={(baseDocument) => set({ baseDocument })} />
          <h3 className="template-form__subtitle">Cabeçalho institucional</h3>
          <OrganizationSection organization={values.organization} onChange={(organization) => set({ organization })} />
        </section>
      )}

      <section className="card template-form__card" aria-labelledby="template-page">
        <h2 id="template-page" className="card__title">
          Formatação da página
        </h2>
        <div className="template-form__grid template-form__grid--margins">
          <Select
            label="Tamanho da página"
            options={PAGE_SIZE_OPTIONS}
            value={values.formatting.pageSize}
            onChange={(pageSize) => set({ formatting: { ...values.formatting, pageSize: pageSize as PageSize } })}
          />
          {MARGIN_FIELDS.map((field) => (
            <NumberField
              key={field.key}
              label={field.label}
              value={values.formatting.margins[field.key]}
              minValue={0}
              step={0.1}
              formatOptions={CM_FORMAT}
              onChange={(cm) =>
                set({
                  formatting: {
                    ...values.formatting,
                    margins: { ...values.formatting.margins, [field.key]: Number.isNaN(cm) ? 0 : cm },
                  },
                })
              }
            />
          ))}
        </div>
        {errors.margins && <p className="field__error">{errors.margins}</p>}
      </section>

      <section className="card template-form__card" aria-labelledby="template-content">
        <h2 id="template-content" className="card__title">
          Conteúdo
        </h2>
        <PlaceholderHint
          content={values.content}
          intro="Estes campos são preenchidos quando um documento é criado a partir deste template:"
        />
        <ContentWithPreview
          label="Conteúdo do template"
          initialContent={values.content}
          content={values.content}
          onChange={(content) => {
            set({ content });
            if (content) setErrors((e) => ({ ...e, content: undefined }));
          }}
          errorMessage={errors.content}
          previewShown
          formatting={values.formatting}
          organization={values.organization}
          documentFormat={values.documentFormat}
        />
      </section>

      {save.isError && <ErrorBanner message={errorMessage(save.error, TEMPLATE_SAVE_FAILED)} />}
      <div className="template-form__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" isPending={save.isPending}>
          {save.isPending ? 'Salvando...' : 'Salvar Template'}
        </Button>
      </div>
    </form>
  );
}

function BaseDocumentField({ value, onChange }: { value: string | null; onChange: (name: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const reply = await templatesApi.upload(file, 'template-base');
      onChange(reply.filename);
      setUploadedName(reply.name || file.name);
    } catch (failure) {
      setError(errorMessage(failure, DOCX_UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="field">
      <span className="field__label">Documento base (.docx)</span>
      <div className="logo-field__row">
        <Button variant="secondary" size="sm" isDisabled={uploading} onPress={() => input.current?.click()}>
          {uploading ? (
            <Spinner size="sm" label="Enviando documento..." />
          ) : value ? (
            'Trocar documento base'
          ) : (
            'Enviar documento base'
          )}
        </Button>
        {value && (
          <>
            <span className="template-form__file" data-testid="base-document">
              {uploadedName ?? value}
            </span>
            <Button variant="ghost" size="sm" onPress={() => onChange(null)}>
              Remover
            </Button>
          </>
        )}
      </div>
      <p className="field__description">
        Os campos {'{{data}}'}, {'{{numero}}'}, {'{{departamento}}'}, {'{{usuario}}'}, {'{{titulo}}'} e {'{{conteudo}}'}{' '}
        do documento base são preenchidos na criação do documento.
      </p>
      <input
        ref={input}
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="docx-input"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
    </div>
  );
}
