import { EmptyState } from '@/ui/EmptyState';
import { Icon } from '@/ui/Icon';
import { PageHeader } from '@/ui/PageHeader';

/** The 'Em construção' card, for a page (or part of one) whose feature has not landed yet. */
export function UnderConstructionPanel() {
  return (
    <div className="card">
      <EmptyState
        icon={<Icon name="construction" size={40} />}
        title="Em construção"
        description="Esta área ainda está sendo desenvolvida e estará disponível em breve."
      />
    </div>
  );
}

/** Honest placeholder page titled `title`. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <UnderConstructionPanel />
    </>
  );
}

/** Lazy-import shape of a placeholder page titled `title` (see app/routes.tsx). */
export function underConstruction(title: string) {
  return Promise.resolve({ default: () => <UnderConstruction title={title} /> });
}
