export interface SummaryItem {
  label: string;
  value: string;
}

/** The figures at the top of a report. */
export function SummaryCards({ items, label = 'Resumo' }: { items: SummaryItem[]; label?: string }) {
  return (
    <ul className="report-summary" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="report-summary__card">
          <span className="report-summary__label">{item.label}</span>
          <strong className="report-summary__value">{item.value}</strong>
        </li>
      ))}
    </ul>
  );
}
