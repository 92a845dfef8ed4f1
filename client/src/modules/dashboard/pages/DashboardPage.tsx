import { useAtomValue } from 'jotai';
import { firstName } from '../../../lib/format';
import { PageHeader } from '../../../ui/PageHeader';
import { currentUserAtom } from '../../auth/states/currentUserAtom';
import { UnderConstructionPanel } from '../../shell/pages/UnderConstruction';

/** Dashboard shell: the greeting of spec 1 §2; the cards and charts land with the dashboard feature. */
export default function DashboardPage() {
  const user = useAtomValue(currentUserAtom);
  return (
    <>
      <PageHeader title={`Olá, ${firstName(user?.displayName || user?.name)}`} subtitle={user?.name} />
      <UnderConstructionPanel />
    </>
  );
}
