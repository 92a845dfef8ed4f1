/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { RowActionsMenu } from './RowActionsMenu';
import { Table, type TableColumn } from './Table';
import { stubBrowser } from './testing/jsdom-stubs';

interface Person {
  id: string;
  name: string;
  email: string;
  notes: string;
}

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ana Souza', email: 'ana@prefeitura.gov.br', notes: 'Plantão' },
  { id: 'p2', name: 'Bruno Lima', email: 'bruno@prefeitura.gov.br', notes: 'Férias' },
];

const COLUMNS: TableColumn<Person>[] = [
  { id: 'name', header: 'Nome', isRowHeader: true, cell: (person) => person.name },
  { id: 'email', header: 'E-mail', cell: (person) => person.email },
  { id: 'notes', header: 'Observações', hideOnMobile: true, cell: (person) => person.notes },
];

const renderPeople = (props: Partial<Parameters<typeof Table<Person>>[0]> = {}) =>
  render(
    <Table
      label="Servidores"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(person) => person.id}
      emptyText="Nenhum servidor encontrado."
      {...props}
    />,
  );

describe('Table', () => {
  beforeEach(() => stubBrowser());

  it('renders the column headers, a row per item and the row header cell', () => {
    renderPeople();
    const table = screen.getByRole('table', { name: 'Servidores' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Nome', 'E-mail', 'Observações']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ana Souza', 'Bruno Lima']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['bruno@prefeitura.gov.br', 'Férias']);
  });

  it('shows the empty text when there are no rows', () => {
    renderPeople({ rows: [] });
    expect(screen.getByText('Nenhum servidor encontrado.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a labelled loading status instead of the empty text while the first rows load', () => {
    renderPeople({ rows: [], isLoading: true, loadingLabel: 'Carregando servidores...' });
    expect(screen.getByRole('status').textContent).toBe('Carregando servidores...');
    expect(screen.queryByText('Nenhum servidor encontrado.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the rows visible and marks the table busy while it reloads', () => {
    const { container } = renderPeople({ isLoading: true });
    expect(screen.getByRole('table')).toBeTruthy();
    expect(container.querySelector('.data-table')?.getAttribute('aria-busy')).toBe('true');
  });

  it('adds an actions column and applies row attributes', async () => {
    const onEdit = jest.fn();
    renderPeople({
      rowAttributes: (person) => ({ 'data-person': person.id }),
      rowActions: (person) => <Button onPress={() => onEdit(person.id)}>{`Editar ${person.name}`}</Button>,
    });
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Ações');
    expect(document.querySelector('tr[data-person="p2"]')?.textContent).toContain('Bruno Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Lima' }));
    expect(onEdit).toHaveBeenCalledWith('p2');
  });

  it('renders cards of label–value pairs on a small screen, without the columns hidden on phones', () => {
    const matchMedia = stubBrowser({ smallScreen: true });
    renderPeople({ rowActions: (person) => <Button>{`Editar ${person.name}`}</Button> });
    expect(screen.queryByRole('table')).toBeNull();
    expect(matchMedia).toHaveBeenCalledWith('screen and (max-width: 768px)');
    const cards = within(screen.getByRole('list', { name: 'Servidores' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards;
    expect(first.querySelector('.data-card__title')?.textContent).toBe('Ana Souza');
    const terms = within(first)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    const values = within(first)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(terms).toEqual(['E-mail']);
    expect(values).toEqual(['ana@prefeitura.gov.br']);
    expect(within(first).queryByText('Plantão')).toBeNull();
    expect(within(within(first).getByRole('group', { name: 'Ações' })).getByRole('button').textContent).toBe(
      'Editar Ana Souza',
    );
  });

  it('follows the layout prop whatever the screen; without a row header the first column titles the card', () => {
    renderPeople({ layout: 'cards', columns: COLUMNS.map((column) => ({ ...column, isRowHeader: false })) });
    expect(screen.queryByRole('table')).toBeNull();
    const [first] = within(screen.getByRole('list', { name: 'Servidores' })).getAllByRole('listitem');
    expect(first.querySelector('.data-card__title')?.textContent).toBe('Ana Souza');
    expect(
      within(first)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['E-mail']);
  });
});

describe('RowActionsMenu', () => {
  beforeEach(() => stubBrowser());

  it('opens a menu named after the row whose entries run their action; disabled ones do not', async () => {
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    render(
      <RowActionsMenu
        label="Ações de Ana Souza"
        actions={[
          { id: 'edit', label: 'Editar', onAction: onEdit },
          { id: 'delete', label: 'Excluir', onAction: onDelete, isDisabled: true, isDestructive: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ações de Ana Souza' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Editar', 'Excluir']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Excluir' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
