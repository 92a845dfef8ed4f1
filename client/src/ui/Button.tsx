import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  className?: string;
}

/** The app's button (react-aria: press events, keyboard focus ring via [data-focus-visible]). */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={cx('btn', `btn--${variant}`, size === 'sm' && 'btn--sm', className)} />;
}
