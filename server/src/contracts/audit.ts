/** Audit log entry (spec 2 §3 "Log entry"). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'read',
  'login',
  'logout',
  'forward',
  'sign',
  'upload',
  'download',
  'other',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = ['user', 'process', 'document', 'department', 'protocol', 'system'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_STATUSES = ['success', 'error', 'warning', 'info'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export interface AuditLogView {
  _id: string;
  createdAt: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  description: string;
  username: string | null;
  userDepartment: string | null;
  status: AuditStatus;
  ipAddress: string | null;
  details: Record<string, unknown> | null;
}
