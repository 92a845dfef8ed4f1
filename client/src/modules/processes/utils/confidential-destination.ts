import type { UserLookup } from '@contracts';

export interface ConfidentialDestination {
  confidential: boolean;
  /** The department the process goes to ('' while none is chosen). */
  destination: string;
  /** Users on the access list. */
  accessIds: readonly string[];
  /** The creator sees a confidential process too. */
  creatorId: string | null | undefined;
  /** Active staff with their departments (useUserLookups). */
  users: readonly UserLookup[];
}

/**
 * docs/processes.md#forwarding: a confidential process sent to a department where nobody may see it stalls
 * there (only admins could open it). The server allows it — the access list can be fixed later by
 * Admin or Gabinete — so the forms warn instead. Null while the users are not loaded.
 */
export function confidentialDestinationWarning(input: ConfidentialDestination): string | null {
  const { confidential, destination, accessIds, creatorId, users } = input;
  if (!confidential || !destination || users.length === 0) return null;
  const mayOpen = new Set([...accessIds, ...(creatorId ? [creatorId] : [])]);
  if (users.some((user) => user.department === destination && mayOpen.has(user._id))) return null;
  return (
    `Atenção: ninguém de ${destination} está na lista de acesso deste processo sigiloso; ` +
    `lá, só administradores poderão abri-lo. Inclua alguém de ${destination} na lista de acesso.`
  );
}
