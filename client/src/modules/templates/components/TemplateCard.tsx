import { TEMPLATE_CATEGORY_LABELS, TEMPLATE_TYPE_LABELS, type TemplateView } from '@contracts';
import { Link } from 'wouter';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { creatorName, organizationBadge } from '../utils/template-filters';
import { newDocumentFromTemplateHref } from '../utils/template-routes';

export interface TemplateCardProps {
  template: TemplateView;
  onEdit: (template: TemplateView) => void;
  onDelete: (template: TemplateView) => void;
}

/** One template of the manager's grid (docs/templates.md#manager). */
export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  const organization = organizationBadge(template.organization.name);
  const titleId = `template-${template.id}`;
  return (
    <article className="template-card" aria-labelledby={titleId}>
      <header className="template-card__header">
        <h2 id={titleId} className="template-card__title">
          {template.title}
        </h2>
        <p className="template-card__badges">
          <Badge tone="info">{template.documentFormat.toUpperCase()}</Badge>
          {organization && (
            <Badge tone="neutral" title={template.organization.name}>
              {organization}
            </Badge>
          )}
          {template.isPublic && <Badge tone="success">Todos os departamentos</Badge>}
        </p>
      </header>
      <dl className="template-card__facts">
        <div>
          <dt>Tipo</dt>
          <dd>{TEMPLATE_TYPE_LABELS[template.type] ?? template.type}</dd>
        </div>
        <div>
          <dt>Categoria</dt>
          <dd>{TEMPLATE_CATEGORY_LABELS[template.category] ?? template.category}</dd>
        </div>
        <div>
          <dt>Criado por</dt>
          <dd>{creatorName(template)}</dd>
        </div>
      </dl>
      <footer className="template-card__actions">
        <Link href={newDocumentFromTemplateHref(template.id)} className="btn btn--primary btn--sm">
          Usar Template
        </Link>
        {template.canEdit && (
          <>
            <Button
              variant="secondary"
              size="sm"
              onPress={() => onEdit(template)}
              aria-label={`Editar ${template.title}`}
            >
              Editar
            </Button>
            <Button
              variant="danger"
              size="sm"
              onPress={() => onDelete(template)}
              aria-label={`Excluir ${template.title}`}
            >
              Excluir
            </Button>
          </>
        )}
      </footer>
    </article>
  );
}
