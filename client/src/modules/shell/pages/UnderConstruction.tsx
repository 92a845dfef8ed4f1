import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/Icon';
import { PageHeader } from '../../../ui/PageHeader';

/** Honest placeholder for a page whose feature has not landed yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="card">
        <EmptyState
          icon={<Icon name="construction" size={40} />}
          title="Em construção"
          description="Esta área ainda está sendo desenvolvida e estará disponível em breve."
        />
      </div>
    </>
  );
}

/** Lazy-import shape of a placeholder page titled `title` (see app/routes.tsx). */
export function underConstruction(title: string) {
  return Promise.resolve({ default: () => <UnderConstruction title={title} /> });
}
