import type { ReactNode } from 'react';
import { Button } from './Button';
import { ErrorBanner } from './ErrorBanner';
import type { FieldProblem } from './field-problem';
import { Modal, type ModalProps } from './Modal';
import { useRevealError } from './useRevealError';

/** What drives the frame: the form state of useActionForm (`frame`) or of a hand-written form. */
export interface ActionFrameProps {
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  /** Server (or form-wide) message shown above the buttons. */
  error: string | null;
  onDismissError: () => void;
  /** Validation failure of one field: the field shows it; the frame scrolls to it and focuses it. */
  problem?: FieldProblem | null;
}

export interface ActionModalProps extends ActionFrameProps {
  isOpen: boolean;
  title: string;
  submitLabel: string;
  children: ReactNode;
  isDestructive?: boolean;
  size?: ModalProps['size'];
  /** Clicking outside closes (never while pending). */
  isDismissable?: boolean;
}

/**
 * The frame of a modal that runs one action: the fields, the error banner, Cancelar + the submit
 * button. While pending, the submit button shows it and nothing closes the modal (Esc, outside, Cancelar).
 */
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
  problem = null,
}: ActionModalProps) {
  // Every failed submit (a new problem or message) brings the first invalid field or the banner into view.
  const form = useRevealError<HTMLFormElement>(problem ?? error);
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
        ref={form}
        className="action-form"
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
