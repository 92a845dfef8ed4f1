import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { cx } from './cx';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** Buttons row under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Clicking outside closes (Esc always closes unless isKeyboardDismissDisabled). */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/** A titled modal dialog: focus is trapped inside, Esc closes, focus returns to the trigger. */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  size = 'md',
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  role = 'dialog',
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className="modal-overlay"
    >
      <AriaModal className={cx('modal', `modal--${size}`)}>
        <Dialog className="dialog" role={role}>
          {({ close }) => (
            <>
              <header className="dialog__header">
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                <AriaButton className="icon-button" aria-label="Fechar" onPress={close}>
                  ×
                </AriaButton>
              </header>
              <div className="dialog__body">{children}</div>
              {footer && <footer className="dialog__footer">{footer}</footer>}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
