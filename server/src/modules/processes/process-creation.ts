import type { ProtocolDataView } from '#server/contracts/processes';
import type { CreateProcessDto } from './dto/create-process.dto';

/** Who the requester of a new process is; with none chosen, the creator. */
export type RequesterChoice =
  | { kind: 'creator' }
  | { kind: 'user'; userId: string }
  | { kind: 'external'; requesterId: string }
  | {
      kind: 'new-external';
      requester: Pick<NonNullable<CreateProcessDto['requester']>, 'name' | 'document' | 'phone'> & {
        email: string | null;
        department: string | null;
        emailUpdates: boolean;
      };
    };

/** A new external requester wins over an existing one, which wins over a system user. */
export function requesterChoice(dto: CreateProcessDto): RequesterChoice {
  if (dto.isNewRequester && dto.requester) {
    const { name, document, phone, email, department, emailUpdates } = dto.requester;
    return {
      kind: 'new-external',
      requester: {
        name,
        document,
        phone,
        email: email ?? null,
        department: department ?? null,
        emailUpdates: emailUpdates ?? false,
      },
    };
  }
  if (dto.requesterExternal) return { kind: 'external', requesterId: dto.requesterExternal };
  if (dto.requesterId) return { kind: 'user', userId: dto.requesterId };
  return { kind: 'creator' };
}

/**
 * The protocol record opened with the process: when protocol data is sent, or always for
 * POST /protocol (`required`), with the defaults of docs/processes.md#fields (internal, pending, normal).
 */
export function protocolRecord(dto: CreateProcessDto, { required }: { required: boolean }): ProtocolDataView | null {
  const data = dto.protocolData;
  if (!data && !required) return null;
  return {
    type: data?.type ?? 'internal',
    status: data?.status ?? 'pending',
    priority: data?.priority ?? 'normal',
    dueDate: data?.dueDate ?? null,
    subject: data?.subject ?? dto.subject,
  };
}
