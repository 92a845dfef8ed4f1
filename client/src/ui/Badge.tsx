import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  children: ReactNode;
  tone?: BadgeTone;
  /** Extra class, e.g. the status class 'em-andamento' (docs/processes.md#states). */
  className?: string;
  title?: string;
  /** Accessible name when the visible text says less (the badge is then announced as one image). */
  label?: string;
}

export function Badge({ children, tone = 'neutral', className, title, label }: BadgeProps) {
  return (
    <span
      className={cx('badge', `badge--${tone}`, className)}
      title={title}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      {children}
    </span>
  );
}
