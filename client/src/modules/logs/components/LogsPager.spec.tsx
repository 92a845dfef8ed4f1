/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { stubBrowser } from '@/ui/testing/jsdom-stubs';
import { LogsPager } from './LogsPager';

/** docs/audit.md#filters: past the exact-count cap the total is the planner's estimate, and says so. */
describe('LogsPager', () => {
  beforeEach(() => stubBrowser());

  it("reads 'cerca de' before an estimated total and its last page", () => {
    render(
      <LogsPager page={1} totalPages={2_400} shown={50} totalItems={120_000} totalExact={false} onChange={jest.fn()} />,
    );
    expect(screen.getByText('Mostrando 50 de cerca de 120.000 registros')).toBeTruthy();
    expect(screen.getByText('Página 1 de cerca de 2.400')).toBeTruthy();
  });

  it('reads an exact total as it is', () => {
    render(<LogsPager page={2} totalPages={3} shown={50} totalItems={130} totalExact onChange={jest.fn()} />);
    expect(screen.getByText('Mostrando 50 de 130 registros')).toBeTruthy();
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
  });
});
