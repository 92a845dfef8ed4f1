import type { UserView } from '@contracts';

type Loose = Record<string, unknown> | null | undefined;

const asRecord = (value: unknown): Loose =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
const asText = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * docs/accounts.md#users "Create-user response": the temporary password may come as tempPassword or password,
 * at the top level or under data; the user under user or directly. Also reads reset replies.
 */
export function readCreateUserResponse(reply: unknown): { user: UserView | null; tempPassword: string | null } {
  const top = asRecord(reply);
  const data = asRecord(top?.data);
  const tempPassword =
    asText(top?.tempPassword) ?? asText(top?.password) ?? asText(data?.tempPassword) ?? asText(data?.password);
  const candidate = asRecord(top?.user) ?? asRecord(data?.user) ?? data ?? top;
  const user = candidate && typeof candidate.username === 'string' ? (candidate as unknown as UserView) : null;
  return { user, tempPassword };
}
