import type { IconName } from '@/ui/Icon';
import { canSeeAdministration, type UserLike } from '@/modules/auth/permissions';

export interface NavItem {
  href: string;
  label: string;
  icon: IconName;
  /**
   * Who sees the entry besides everyone: 'administration' = role admin or department Gabinete
   * (docs/interface.md#layout); 'admins' = role admin only, for a screen that admits no one else (the logs).
   */
  audience?: 'administration' | 'admins';
  /** A live count shown beside the label. */
  count?: 'pendingSignatures';
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { href: '/processes', label: 'Processos', icon: 'processes' },
  { href: '/purchase-orders', label: 'Pedidos', icon: 'orders' },
  { href: '/documents', label: 'Documentos', icon: 'documents' },
  {
    href: '/documents/pending-signatures',
    label: 'Assinaturas pendentes',
    icon: 'signature',
    count: 'pendingSignatures',
  },
  { href: '/signature-blocks', label: 'Blocos de assinatura', icon: 'lock' },
  { href: '/reports', label: 'Relatórios', icon: 'reports' },
  { href: '/templates', label: 'Templates', icon: 'templates' },
  { href: '/users', label: 'Usuários', icon: 'users', audience: 'administration' },
  { href: '/departments', label: 'Departamentos', icon: 'departments', audience: 'administration' },
  { href: '/calendar', label: 'Calendário', icon: 'calendar', audience: 'admins' },
  { href: '/document-types', label: 'Tipos de documento', icon: 'documents', audience: 'admins' },
  { href: '/integration', label: 'Integração', icon: 'integration', audience: 'administration' },
  { href: '/logs', label: 'Logs do Sistema', icon: 'logs', audience: 'admins' },
];

/** The sidebar entries `user` may open. */
export function visibleNavItems(user: UserLike | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    if (item.audience === 'admins') return user?.role === 'admin';
    return item.audience !== 'administration' || canSeeAdministration(user);
  });
}
