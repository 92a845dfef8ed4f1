import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { cx } from './cx';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className'> {
  children: React.ReactNode;
  className?: string;
}

export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={cx('switch', className)}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span>{children}</span>
    </AriaSwitch>
  );
}
