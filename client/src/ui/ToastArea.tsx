import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { toastQueue, type ToastContent as Content } from './toast';

const ICONS: Record<Content['type'], string> = { success: '✓', error: '!', warning: '⚠', info: 'i' };

/** The global toast region (bottom-right; an ARIA live region, F6 moves focus into it). */
export function ToastArea() {
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label="Notificações do sistema">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.type}`}>
          <span className="toast__icon" aria-hidden="true">
            {ICONS[toast.content.type]}
          </span>
          <ToastContent className="toast__content">
            <Text slot="title">{toast.content.message}</Text>
          </ToastContent>
          <AriaButton slot="close" className="icon-button toast__close" aria-label="Fechar">
            ×
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
