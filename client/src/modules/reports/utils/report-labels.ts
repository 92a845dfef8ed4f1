import type { ReportType, Role } from '@contracts';

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  processes: 'Processos',
  documents: 'Documentos',
  users: 'Usuários',
  requesters: 'Solicitantes',
  deadlines: 'Cumprimento de Prazos',
};

export const NOT_AVAILABLE = 'N/A';
export const UNKNOWN_TYPE = 'Desconhecido';
export const NO_NAME = 'Sem nome';
export const NO_DEPARTMENT = 'Não especificado';
export const NO_REQUESTER_NAME = 'Nome não disponível';
export const NO_EMAIL = 'Não informado';

export const roleLabel = (role: Role) => (role === 'admin' ? 'Administrador' : 'Usuário');

/** 'pdf' → 'PDF'; a file type read from its extension, or 'Desconhecido'. */
export const fileTypeLabel = (type: string | null) => (type ? type.toUpperCase() : UNKNOWN_TYPE);

/** '1 processo', '3 processos'. */
export const processCount = (n: number) => `${n} ${n === 1 ? 'processo' : 'processos'}`;

/** Mean days with one decimal ('12,5 dias'), or N/A. */
export function daysLabel(days: number | null | undefined): string {
  if (days === null || days === undefined) return NOT_AVAILABLE;
  const text = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(days);
  return `${text} ${days === 1 ? 'dia' : 'dias'}`;
}

/** A share in percent with one decimal ('87,5%'), or N/A. */
export function percentLabel(value: number | null): string {
  if (value === null) return NOT_AVAILABLE;
  return `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;
}

/** Mean business days with one decimal ('2,5 dias úteis'), or N/A. */
export function businessDaysLabel(days: number | null): string {
  if (days === null) return NOT_AVAILABLE;
  const text = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(days);
  return `${text} ${days === 1 ? 'dia útil' : 'dias úteis'}`;
}
