import type { ReactNode } from 'react';

export type StatTone = 'primary' | 'warning' | 'info' | 'success';

export interface StatCard {
  title: string;
  tone: StatTone;
  /** The figure, already formatted (pt-BR); null while loading shows '–'. */
  value: ReactNode | null;
}

/** A row of summary figures (processes, purchase orders…): two per row on phones. */
export function StatCards({ cards, label }: { cards: StatCard[]; label: string }) {
  return (
    <ul className="stat-cards" aria-label={label}>
      {cards.map((card) => (
        <li key={card.title} className={`stat-cards__card stat-cards__card--${card.tone}`}>
          <span className="stat-cards__title">{card.title}</span>
          <strong className="stat-cards__value">{card.value ?? '–'}</strong>
        </li>
      ))}
    </ul>
  );
}
