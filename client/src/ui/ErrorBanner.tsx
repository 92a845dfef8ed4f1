import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from './Button';

export interface ErrorBannerProps {
  message: ReactNode;
  /** When given, a close button dismisses the banner. */
  onDismiss?: () => void;
  action?: ReactNode;
  /** When given, a "Tentar novamente" button calls it (instead of `action`). */
  onRetry?: () => void;
}

export function ErrorBanner({ message, onDismiss, action, onRetry }: ErrorBannerProps) {
  return (
    <div role="alert" className="error-banner">
      <span className="error-banner__icon" aria-hidden="true">
        !
      </span>
      <div className="error-banner__message">{message}</div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onPress={onRetry}>
          Tentar novamente
        </Button>
      ) : (
        action
      )}
      {onDismiss && (
        <AriaButton className="icon-button" aria-label="Fechar" onPress={onDismiss}>
          ×
        </AriaButton>
      )}
    </div>
  );
}
