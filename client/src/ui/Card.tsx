import type { ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Heading level of the title (default h2). */
  as?: 'h2' | 'h3';
}

export function Card({ title, actions, children, className, as: Title = 'h2' }: CardProps) {
  return (
    <section className={cx('card', className)}>
      {(title || actions) && (
        <header className="card__header">
          {title && <Title className="card__title">{title}</Title>}
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      <div className="card__body">{children}</div>
    </section>
  );
}
