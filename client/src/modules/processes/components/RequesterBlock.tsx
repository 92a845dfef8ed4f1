import type { ProcessView } from '@contracts';

/** The requester: internal user, external requester, or 'Nenhum solicitante definido'. */
export function RequesterBlock({ process }: { process: ProcessView }) {
  const internal = process.requesterId;
  const external = process.requesterExternal;
  if (internal) {
    return (
      <div className="requester-block">
        <strong>{internal.name}</strong> <span className="muted">(usuário do sistema)</span>
        {internal.email && <div>E-mail: {internal.email}</div>}
        {internal.department && <div>Departamento: {internal.department}</div>}
      </div>
    );
  }
  if (external) {
    return (
      <div className="requester-block">
        <strong>{external.name}</strong> <span className="muted">(solicitante externo)</span>
        {external.document && <div>CPF/CNPJ: {external.document}</div>}
        {external.phone && <div>Telefone: {external.phone}</div>}
        {external.email && <div>E-mail: {external.email}</div>}
        {external.department && <div>Organização: {external.department}</div>}
      </div>
    );
  }
  return <span className="muted">Nenhum solicitante definido</span>;
}
