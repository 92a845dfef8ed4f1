import { visibleNavItems } from './nav-items';

const labels = (user: Parameters<typeof visibleNavItems>[0]) => visibleNavItems(user).map((item) => item.label);

describe('sidebar entries', () => {
  it("shows 'Logs do Sistema', 'Calendário' and 'Tipos de documento' only to admins, who alone may open them", () => {
    expect(labels({ role: 'admin', department: 'Financeiro' })).toEqual(
      expect.arrayContaining(['Logs do Sistema', 'Calendário', 'Tipos de documento']),
    );
    const cabinet = labels({ role: 'operator', department: 'Gabinete' });
    expect(cabinet).toEqual(expect.arrayContaining(['Usuários', 'Departamentos', 'Integração']));
    expect(cabinet).not.toContain('Logs do Sistema');
    expect(cabinet).not.toContain('Calendário');
    expect(cabinet).not.toContain('Tipos de documento');
  });

  it('shows the administrative entries to admins and Gabinete only', () => {
    expect(labels({ role: 'operator', department: 'Financeiro' })).toEqual([
      'Dashboard',
      'Processos',
      'Pedidos',
      'Documentos',
      'Assinaturas pendentes',
      'Blocos de assinatura',
      'Relatórios',
      'Templates',
    ]);
    expect(labels(null)).not.toContain('Usuários');
  });
});
