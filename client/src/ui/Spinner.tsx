import { cx } from './cx';

export interface SpinnerProps {
  /** Visible text next to the spinner; also its accessible name. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('spinner', `spinner--${size}`, className)}>
      <span className="spinner__circle" aria-hidden="true" />
      {label ? <span className="spinner__label">{label}</span> : <span className="visually-hidden">Carregando...</span>}
    </span>
  );
}
