import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal, type ModalProps } from '../../../ui/Modal';

export interface ActionModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  pending: boolean;
  /** Validation or server message shown above the buttons. */
  error: string | null;
  onDismissError: () => void;
  children: ReactNode;
  isDestructive?: boolean;
  size?: ModalProps['size'];
  /** Clicking outside closes (never while pending). */
  isDismissable?: boolean;
}

/** The frame of the process modals (creation and actions): fields, message, Cancel + submit. */
export function ActionModal({
  isOpen,
  onClose,
  title,
  submitLabel,
  onSubmit,
  pending,
  error,
  onDismissError,
  children,
  isDestructive,
  size,
  isDismissable = true,
}: ActionModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      size={size}
      isDismissable={isDismissable && !pending}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            Cancelar
          </Button>
          <Button variant={isDestructive ? 'danger' : 'primary'} onPress={onSubmit} isPending={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        className="process-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {error && <ErrorBanner message={error} onDismiss={onDismissError} />}
      </form>
    </Modal>
  );
}
