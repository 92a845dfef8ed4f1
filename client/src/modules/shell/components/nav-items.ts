import type { IconName } from '@/ui/Icon';

export interface NavItem {
  href: string;
  label: string;
  icon: IconName;
  /** Only for role admin or department Gabinete (docs/interface.md#layout). */
  administrative?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { href: '/processes', label: 'Processos', icon: 'processes' },
  { href: '/purchase-orders', label: 'Pedidos', icon: 'orders' },
  { href: '/documents', label: 'Documentos', icon: 'documents' },
  { href: '/reports', label: 'Relatórios', icon: 'reports' },
  { href: '/templates', label: 'Templates', icon: 'templates' },
  { href: '/users', label: 'Usuários', icon: 'users', administrative: true },
  { href: '/departments', label: 'Departamentos', icon: 'departments', administrative: true },
  { href: '/integration', label: 'Integração', icon: 'integration', administrative: true },
  { href: '/logs', label: 'Logs do Sistema', icon: 'logs', administrative: true },
];
