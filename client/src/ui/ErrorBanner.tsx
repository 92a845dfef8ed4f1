import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';

export interface ErrorBannerProps {
  message: ReactNode;
  /** When given, a close button dismisses the banner. */
  onDismiss?: () => void;
  action?: ReactNode;
}

export function ErrorBanner({ message, onDismiss, action }: ErrorBannerProps) {
  return (
    <div role="alert" className="error-banner">
      <span className="error-banner__icon" aria-hidden="true">
        !
      </span>
      <div className="error-banner__message">{message}</div>
      {action}
      {onDismiss && (
        <AriaButton className="icon-button" aria-label="Fechar" onPress={onDismiss}>
          ×
        </AriaButton>
      )}
    </div>
  );
}
