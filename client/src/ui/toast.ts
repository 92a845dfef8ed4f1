import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastContent {
  message: string;
  type: ToastType;
}

export interface ToastInput {
  message: string;
  type?: ToastType;
  /** Milliseconds before it closes by itself; 0 or less keeps it until closed (docs/interface.md#messages). */
  duration?: number;
}

/** Default toast duration (docs/interface.md#limits). */
export const TOAST_DURATION_MS = 4000;

/** The app-wide queue rendered by <ToastArea/>. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 5 });

/** Shows a toast and returns its id (pass it to toast.close). */
export function showToast({ message, type = 'info', duration = TOAST_DURATION_MS }: ToastInput): string {
  return toastQueue.add({ message, type }, { timeout: duration > 0 ? duration : undefined });
}

/** `toast.success('Processo encaminhado com sucesso!')`, usable anywhere (no hook needed). */
export const toast = {
  show: showToast,
  success: (message: string, duration?: number) => showToast({ message, type: 'success', duration }),
  error: (message: string, duration?: number) => showToast({ message, type: 'error', duration }),
  warning: (message: string, duration?: number) => showToast({ message, type: 'warning', duration }),
  info: (message: string, duration?: number) => showToast({ message, type: 'info', duration }),
  close: (id: string) => toastQueue.close(id),
};

/** Hook form of `toast`, for components that prefer hooks. */
export function useToast(): typeof toast {
  return toast;
}
