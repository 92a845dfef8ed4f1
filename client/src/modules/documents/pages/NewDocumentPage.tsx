import '../documents.css';
import type { TemplateView } from '@contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Icon } from '@/ui/Icon';
import { PageHeader } from '@/ui/PageHeader';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { toast } from '@/ui/toast';
import { useRevealError } from '@/ui/useRevealError';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { ContentWithPreview } from '@/modules/templates/components/ContentWithPreview';
import { PlaceholderHint } from '@/modules/templates/components/PlaceholderHint';
import { useTemplates } from '@/modules/templates/hooks/useTemplates';
import { isBlankHtml } from '@/modules/templates/utils/html-text';
import { newDocumentFromTemplateHref } from '@/modules/templates/utils/template-routes';
import { DocumentTypeSelect, NO_DOCUMENT_TYPE } from '@/modules/document-types/components/DocumentTypeSelect';
import { documentsApi } from '../api/documents-api';
import { ConfidentialFields } from '../components/ConfidentialFields';
import { useDocumentCache } from '../hooks/useDocumentCache';
import { type DocumentFormErrors, hasErrors, newDocumentErrors, newDocumentRequest } from '../utils/document-form';

const CREATE_FAILED = 'Erro ao processar documento.';
export const TEMPLATE_UNAVAILABLE = 'Template não encontrado ou indisponível para você.';

/** /documents/new?templateId=…: a document written from a template (docs/templates.md#documents). */
export default function NewDocumentPage() {
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const [, navigate] = useLocation();
  const { templates, error, refetch } = useTemplates();
  const template = templates?.find((item) => item.id === templateId) ?? null;

  return (
    <div className="document-page new-document-page">
      <Link href="/documents" className="btn btn--secondary btn--sm">
        <Icon name="arrowLeft" size={16} /> Documentos
      </Link>
      <PageHeader title="Novo Documento" subtitle="Documento criado a partir de um template" />
      {error && <ErrorBanner message={error} onRetry={refetch} />}
      {!templates && !error && <Spinner label="Carregando templates..." />}
      {templates && (
        <div className="card new-document-page__picker">
          <Select
            label="Template"
            placeholder="Escolha um template..."
            options={templates.map((item) => ({ id: item.id, label: item.title }))}
            value={template?.id ?? null}
            onChange={(id) => navigate(newDocumentFromTemplateHref(id), { replace: true })}
          />
        </div>
      )}
      {templates && templates.length === 0 && (
        <EmptyState
          title="Nenhum template disponível."
          description="Crie um template em Templates para começar."
          action={
            <Link href="/templates" className="btn btn--primary btn--sm">
              Ir para Templates
            </Link>
          }
        />
      )}
      {templates && templateId && !template && <ErrorBanner message={TEMPLATE_UNAVAILABLE} />}
      {template && <TemplateDocumentForm key={template.id} template={template} />}
    </div>
  );
}

function TemplateDocumentForm({ template }: { template: TemplateView }) {
  const user = useAtomValue(currentUserAtom);
  const [, navigate] = useLocation();
  const storeDocument = useDocumentCache();
  const [title, setTitle] = useState(template.title);
  const [content, setContent] = useState(template.content);
  const [processId, setProcessId] = useState('');
  const [documentType, setDocumentType] = useState(NO_DOCUMENT_TYPE);
  const [confidential, setConfidential] = useState({ confidential: false, access: [] as string[] });
  const [errors, setErrors] = useState<DocumentFormErrors>({});
  const [refused, setRefused] = useState<object | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useRevealError<HTMLFormElement>(refused);

  const save = async () => {
    const request = {
      ...newDocumentRequest({
        title,
        content,
        confidential: confidential.confidential,
        confidentialAccess: confidential.access,
        processId,
        documentType,
      }),
      templateId: template.id,
    };
    // The server's own checks, each message at its field; the content must show some text.
    const next = newDocumentErrors(request, isBlankHtml(content));
    setErrors(next);
    if (hasErrors(next)) return setRefused(next);
    setSaving(true);
    setFailure(null);
    try {
      const doc = await documentsApi.createFromTemplate(request);
      storeDocument(doc);
      toast.success('Documento criado com sucesso!');
      navigate(`/documents/${encodeURIComponent(doc.id)}`);
    } catch (error) {
      setFailure(errorMessage(error, CREATE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={fields}
      className="template-form"
      aria-label="Novo documento"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section className="card template-form__card" aria-label="Dados do documento">
        <TextField
          label="Título"
          value={title}
          onChange={(value) => {
            setTitle(value);
            if (value.trim()) setErrors((e) => ({ ...e, title: undefined }));
          }}
          errorMessage={errors.title}
          isRequired
        />
        <DocumentTypeSelect value={documentType} onChange={setDocumentType} noneLabel="Sem tipo" />
        <TextField
          label="Processo vinculado (opcional)"
          description="Número do processo, por exemplo 10001.000123/2026-45"
          value={processId}
          onChange={(value) => {
            setProcessId(value);
            setErrors((e) => ({ ...e, processId: undefined }));
          }}
          errorMessage={errors.processId}
        />
        {user?.level === 'Chefia' && (
          <ConfidentialFields
            confidential={confidential.confidential}
            access={confidential.access}
            onChange={setConfidential}
          />
        )}
      </section>
      <section className="card template-form__card" aria-label="Conteúdo do documento">
        <PlaceholderHint content={content} intro="Estes campos são preenchidos quando o documento é criado:" />
        <ContentWithPreview
          label="Conteúdo"
          initialContent={template.content}
          content={content}
          onChange={(html) => {
            setContent(html);
            if (html) setErrors((e) => ({ ...e, content: undefined }));
          }}
          errorMessage={errors.content}
          previewShown={false}
          formatting={template.formatting}
          organization={template.organization}
          documentFormat={template.documentFormat}
        />
      </section>
      {errors.other && (
        <ErrorBanner message={errors.other} onDismiss={() => setErrors((e) => ({ ...e, other: undefined }))} />
      )}
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <div className="template-form__actions">
        <Button variant="secondary" onPress={() => navigate('/documents')} isDisabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" isPending={saving}>
          {saving ? 'Criando documento...' : 'Criar Documento'}
        </Button>
      </div>
    </form>
  );
}
