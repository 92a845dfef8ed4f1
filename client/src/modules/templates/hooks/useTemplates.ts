import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { errorMessage } from '@/lib/http';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { templatesApi } from '../api/templates-api';
import { templateKeys } from '../api/template-keys';

/** docs/templates.md#validation 'Template load'. */
export const TEMPLATES_LOAD_FAILED = 'Falha ao carregar templates. Por favor, tente novamente.';

/** The templates offered to the signed-in user; the key holds the user, so another user reloads it. */
export function useTemplates() {
  const user = useAtomValue(currentUserAtom);
  const query = useQuery({
    queryKey: templateKeys.list(user?.id ?? ''),
    queryFn: ({ signal }) => templatesApi.list(signal),
    enabled: Boolean(user),
  });
  return {
    templates: query.data ?? null,
    error: query.error ? errorMessage(query.error, TEMPLATES_LOAD_FAILED) : null,
    refetch: () => void query.refetch(),
  };
}
