/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCount } from '@/lib/format';
import { Pagination } from './Pagination';
import { stubBrowser } from './testing/jsdom-stubs';

const next = () => screen.getByRole('button', { name: 'Próxima' });

/** docs/processes.md#list-counts: a total past the server's count cap reads 'mais de 10.000'. */
describe('Pagination with a capped total', () => {
  beforeEach(() => stubBrowser());

  it("says 'mais de 10.000 processos' and keeps 'Próxima' on while the page is full", async () => {
    const onChange = jest.fn();
    render(
      <Pagination
        page={500}
        totalPages={500}
        onChange={onChange}
        summary={formatCount(10_000, true, 'processo', 'processos')}
        openEnded={{ pageIsFull: true }}
      />,
    );
    expect(screen.getByText('mais de 10.000 processos')).toBeTruthy();
    expect(screen.getByText('Página 500')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(false);
    await userEvent.click(next());
    expect(onChange).toHaveBeenCalledWith(501);
  });

  it("reads 'de 500 ou mais' within the counted pages, and stops at a page that is not full", () => {
    const { rerender } = render(
      <Pagination page={3} totalPages={500} onChange={jest.fn()} openEnded={{ pageIsFull: true }} />,
    );
    expect(screen.getByText('Página 3 de 500 ou mais')).toBeTruthy();
    rerender(<Pagination page={512} totalPages={500} onChange={jest.fn()} openEnded={{ pageIsFull: false }} />);
    expect(screen.getByText('Página 512')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(true);
  });

  it('an exact total keeps the usual wording and stops at the last page', () => {
    render(
      <Pagination
        page={2}
        totalPages={2}
        onChange={jest.fn()}
        summary={formatCount(1_250, false, 'processo', 'processos')}
      />,
    );
    expect(screen.getByText('1.250 processos')).toBeTruthy();
    expect(screen.getByText('Página 2 de 2')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(true);
    expect(formatCount(1, false, 'processo', 'processos')).toBe('1 processo');
  });
});
