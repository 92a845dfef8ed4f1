import '../templates.css';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_TYPES,
  TEMPLATE_TYPE_LABELS,
  type TemplateCategory,
  type TemplateType,
  type TemplateView,
} from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { toast } from '@/ui/toast';
import { templatesApi } from '../api/templates-api';
import { templateKeys } from '../api/template-keys';
import { TemplateCard } from '../components/TemplateCard';
import { TemplateEditor } from '../components/TemplateEditor';
import { useTemplates } from '../hooks/useTemplates';
import { filterTemplates, NO_TEMPLATE_FILTERS, type TemplateFilters } from '../utils/template-filters';

// docs/templates.md#validation.
export const DELETE_CONFIRMATION = 'Tem certeza que deseja excluir este template?';
export const TEMPLATE_DELETE_FAILED = 'Erro ao excluir template. Por favor, tente novamente.';

const ALL = 'all';
const TYPE_FILTER = [
  { id: ALL, label: 'Todos os tipos' },
  ...TEMPLATE_TYPES.map((id) => ({ id, label: TEMPLATE_TYPE_LABELS[id] })),
];
const CATEGORY_FILTER = [
  { id: ALL, label: 'Todas as categorias' },
  ...TEMPLATE_CATEGORIES.map((id) => ({ id, label: TEMPLATE_CATEGORY_LABELS[id] })),
];

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; template: TemplateView };

/** Template Manager (docs/templates.md#manager): list, create and edit modes. */
export default function TemplatesPage() {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  return (
    <div className="templates-page">
      {mode.kind === 'list' ? (
        <TemplateList
          onCreate={() => setMode({ kind: 'create' })}
          onEdit={(template) => setMode({ kind: 'edit', template })}
        />
      ) : (
        <>
          <PageHeader
            title={mode.kind === 'create' ? 'Novo Template' : 'Editar Template'}
            subtitle={
              mode.kind === 'edit' ? mode.template.title : 'Modelo com cabeçalho institucional e formato de página'
            }
          />
          <TemplateEditor
            key={mode.kind === 'edit' ? mode.template.id : 'new'}
            template={mode.kind === 'edit' ? mode.template : null}
            onDone={() => setMode({ kind: 'list' })}
          />
        </>
      )}
    </div>
  );
}

function TemplateList({ onCreate, onEdit }: { onCreate: () => void; onEdit: (template: TemplateView) => void }) {
  const { templates, error, refetch } = useTemplates();
  const [filters, setFilters] = useState<TemplateFilters>(NO_TEMPLATE_FILTERS);
  const [deleting, setDeleting] = useState<TemplateView | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (template: TemplateView) => templatesApi.remove(template.id),
    onSuccess: async () => {
      setDeleting(null);
      toast.success('Template excluído com sucesso!');
      await queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
    onError: (failure) => {
      setDeleting(null);
      toast.error(errorMessage(failure, TEMPLATE_DELETE_FAILED));
    },
  });
  const shown = templates ? filterTemplates(templates, filters) : null;
  const filtering = filters.type || filters.category || filters.search.trim();

  return (
    <>
      <PageHeader
        title="Templates"
        subtitle="Modelos de ofícios, memorandos, requisições e contratos com o papel timbrado da instituição"
        actions={<Button onPress={onCreate}>Criar Template</Button>}
      />
      <div className="card templates-page__filters" role="search" aria-label="Filtrar templates">
        <Select
          label="Tipo"
          options={TYPE_FILTER}
          value={filters.type || ALL}
          onChange={(type) => setFilters((f) => ({ ...f, type: type === ALL ? '' : (type as TemplateType) }))}
        />
        <Select
          label="Categoria"
          options={CATEGORY_FILTER}
          value={filters.category || ALL}
          onChange={(category) =>
            setFilters((f) => ({ ...f, category: category === ALL ? '' : (category as TemplateCategory) }))
          }
        />
        <SearchField
          className="field templates-page__search"
          value={filters.search}
          onChange={(search) => setFilters((f) => ({ ...f, search }))}
        >
          <Label className="field__label">Buscar</Label>
          <Input className="field__input" placeholder="Título ou conteúdo..." />
        </SearchField>
      </div>
      {error && <ErrorBanner message={error} onRetry={refetch} />}
      {!shown && !error && <Spinner label="Carregando templates..." />}
      {shown?.length === 0 && (
        <EmptyState
          title="Nenhum template encontrado."
          description={filtering ? 'Altere os filtros ou crie um novo template.' : 'Crie um template para começar.'}
          action={<Button onPress={onCreate}>Criar Template</Button>}
        />
      )}
      {shown && shown.length > 0 && (
        <div className="template-grid">
          {shown.map((template) => (
            <TemplateCard key={template.id} template={template} onEdit={onEdit} onDelete={setDeleting} />
          ))}
        </div>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title="Excluir template"
        message={DELETE_CONFIRMATION}
        confirmLabel="Excluir"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </>
  );
}
