import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';

export interface TableColumn<T> {
  id: string;
  /** Column title; also the label of the value in the card layout. */
  header: string;
  cell: (row: T) => ReactNode;
  /** CSS width of the column on desktop, e.g. '9rem' or '20%'. */
  width?: string;
  align?: 'start' | 'center' | 'end';
  /** Left out of the card layout (phones). */
  hideOnMobile?: boolean;
  /** The cell names its row (`<th scope="row">`); in the card layout it is the card's title (else the first column is). */
  isRowHeader?: boolean;
}

/** Attributes of a row's element (`<tr>` or the card), e.g. a class for inactive rows or a data attribute. */
export type RowAttributes = { className?: string } & { [data: `data-${string}`]: string | undefined };

export interface TableProps<T> {
  /** Accessible name of the table (and of the card list). */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Stable key of a row, e.g. its id. */
  rowKey: (row: T) => string;
  /** Shown instead of the rows while the first page loads. */
  isLoading?: boolean;
  loadingLabel?: string;
  /** Shown when there are no rows (and nothing is loading). */
  emptyText: string;
  /** Buttons or a menu for one row, in a last column (desktop) or at the foot of the card (phones). */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  rowAttributes?: (row: T) => RowAttributes;
  /** 'auto' follows the screen: a table on desktop, cards at 768 px or less (docs/interface.md#limits). */
  layout?: 'auto' | 'table' | 'cards';
  className?: string;
}

/** Cards only on screens: a printed page keeps the table whatever its width. */
const CARDS_QUERY = `screen and ${MOBILE_QUERY}`;

function alignClass(align: TableColumn<unknown>['align']) {
  return align && align !== 'start' ? `data-table__cell--${align}` : undefined;
}

/**
 * The app's data table. A semantic `<table>` (read-only rows with their own buttons need no grid
 * keyboard model), fitting its container on desktop; on phones a list of cards of label–value pairs
 * instead of sideways scrolling.
 */
export function Table<T>({
  label,
  columns,
  rows,
  rowKey,
  isLoading = false,
  loadingLabel = 'Carregando...',
  emptyText,
  rowActions,
  actionsHeader = 'Ações',
  rowAttributes,
  layout = 'auto',
  className,
}: TableProps<T>) {
  const isSmallScreen = useMediaQuery(CARDS_QUERY);
  if (isLoading && rows.length === 0) {
    return (
      <div className="data-table__state">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState title={emptyText} />;

  const cards = layout === 'cards' || (layout === 'auto' && isSmallScreen);
  const body = { label, columns, rows, rowKey, rowActions, actionsHeader, rowAttributes };
  return (
    <div
      className={cx('data-table', cards ? 'data-table--cards' : 'data-table--table', className)}
      aria-busy={isLoading || undefined}
    >
      {cards ? <CardList {...body} /> : <TableLayout {...body} />}
    </div>
  );
}

type LayoutProps<T> = Required<Pick<TableProps<T>, 'label' | 'columns' | 'rows' | 'rowKey' | 'actionsHeader'>> &
  Pick<TableProps<T>, 'rowActions' | 'rowAttributes'>;

function TableLayout<T>({ label, columns, rows, rowKey, rowActions, actionsHeader, rowAttributes }: LayoutProps<T>) {
  return (
    <table className="data-table__table" aria-label={label}>
      <colgroup>
        {columns.map((column) => (
          <col key={column.id} style={column.width ? ({ width: column.width } satisfies CSSProperties) : undefined} />
        ))}
        {rowActions && <col />}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={alignClass(column.align)}>
              {column.header}
            </th>
          ))}
          {rowActions && (
            <th scope="col" className="data-table__actions">
              {actionsHeader}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column) =>
              column.isRowHeader ? (
                <th key={column.id} scope="row" className={alignClass(column.align)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.id} className={alignClass(column.align)}>
                  {column.cell(row)}
                </td>
              ),
            )}
            {rowActions && <td className="data-table__actions">{rowActions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CardList<T>({ label, columns, rows, rowKey, rowActions, actionsHeader, rowAttributes }: LayoutProps<T>) {
  // The row header titles the card; without one, the first column does.
  const title = columns.find((column) => column.isRowHeader) ?? columns[0];
  const fields = columns.filter((column) => column !== title && !column.hideOnMobile);
  return (
    <ul className="data-cards" aria-label={label}>
      {rows.map((row) => {
        const attributes = rowAttributes?.(row);
        return (
          <li key={rowKey(row)} {...attributes} className={cx('data-card', attributes?.className)}>
            {title && (
              <div className="data-card__header">
                <div className="data-card__title">{title.cell(row)}</div>
                {rowActions && (
                  <div className="data-card__actions" role="group" aria-label={actionsHeader}>
                    {rowActions(row)}
                  </div>
                )}
              </div>
            )}
            <dl className="data-card__fields">
              {fields.map((column) => (
                <div key={column.id} className="data-card__field">
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
