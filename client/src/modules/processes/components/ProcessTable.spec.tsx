/** @jest-environment jsdom */
import type { ProcessSummary } from '@contracts';
import { render, screen, within } from '@testing-library/react';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { ProcessTable } from './ProcessTable';

jest.mock('wouter', () => ({ useLocation: () => ['/processes', jest.fn()] }));

const PROCESS: ProcessSummary = {
  _id: 'p1',
  id: '00001.000001/2026-11',
  subject: 'Reforma da praça',
  description: '',
  status: 'em andamento',
  currentDepartment: 'Obras',
  originDepartment: 'Gabinete',
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-03-20T12:00:00.000Z',
  lastUpdate: '2026-03-20T12:00:00.000Z',
  createdBy: null,
  confidential: false,
  requestType: 'standard',
  daysSinceUpdate: 3,
  protocol: null,
  deadline: null,
};

describe('ProcessTable', () => {
  beforeEach(() => stubBrowser());

  it("names the date column 'Data' and shows the last update the list is sorted by", () => {
    render(<ProcessTable processes={[PROCESS]} isLoading={false} emptyText="Nenhum processo." />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Data');
    expect(headers).not.toContain('Atualizado em');
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getByText('20/03/2026')).toBeTruthy();
    expect(within(row).queryByText('10/01/2026')).toBeNull();
  });

  it("shows the deadline badge in the 'Prazo' column, named with its due day", () => {
    const overdue = {
      ...PROCESS,
      deadline: { due: '2026-03-18', unit: 'business', state: 'overdue', kind: 'return', businessDaysLeft: -2 },
    } satisfies ProcessSummary;
    render(<ProcessTable processes={[overdue]} isLoading={false} emptyText="Nenhum processo." />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Prazo');
    const badge = screen.getByRole('img', { name: 'Prazo: 18/03/2026 (Vencido há 2 dias úteis)' });
    expect(badge.textContent).toBe('Vencido há 2 dias úteis');
    expect(badge.className).toContain('badge--danger');
  });
});
