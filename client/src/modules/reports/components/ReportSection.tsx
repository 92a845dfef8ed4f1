import type { ReactNode } from 'react';

/** A titled block of a report (a table, a chart or a detail). */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="report-section">
      <h3 className="report-section__title">{title}</h3>
      {children}
    </section>
  );
}
