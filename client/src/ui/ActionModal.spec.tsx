/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ActionModal, type ActionModalProps } from './ActionModal';
import { fieldProblem } from './field-problem';
import { stubBrowser } from './testing/jsdom-stubs';
import { TextField } from './TextField';
import { useActionForm } from './useActionForm';

const frame = (props: Partial<ActionModalProps> = {}): ActionModalProps => ({
  isOpen: true,
  title: 'Finalizar Processo',
  submitLabel: 'Finalizar',
  onClose: jest.fn(),
  onSubmit: jest.fn(),
  pending: false,
  error: null,
  onDismissError: jest.fn(),
  children: <p>Campos do formulário</p>,
  ...props,
});

const dialog = () => screen.getByRole('dialog', { name: 'Finalizar Processo' });

describe('ActionModal', () => {
  beforeEach(() => stubBrowser());

  it('shows the title and the fields; the submit button calls onSubmit', async () => {
    const props = frame();
    render(<ActionModal {...props} />);
    expect(within(dialog()).getByText('Campos do formulário')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Finalizar' }));
    expect(props.onSubmit).toHaveBeenCalledTimes(1);
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('shows the error in an alert that can be dismissed', async () => {
    const props = frame({ error: 'Por favor, adicione uma observação final.' });
    render(<ActionModal {...props} />);
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Por favor, adicione uma observação final.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Fechar' }));
    expect(props.onDismissError).toHaveBeenCalledTimes(1);
  });

  it('Cancelar and Escape close it', async () => {
    const props = frame();
    render(<ActionModal {...props} />);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('while pending, the submit button is busy and neither Cancelar, a second submit nor Escape act', async () => {
    const props = frame({ pending: true });
    render(<ActionModal {...props} />);
    const cancel = within(dialog()).getByRole('button', { name: 'Cancelar' });
    const submit = within(dialog()).getByRole('button', { name: /Finalizar/ });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(cancel);
    await userEvent.click(submit);
    await userEvent.keyboard('{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });
});

/** A modal built like the process actions: one required field, an action that may fail. */
function NoteModal({ send, onClose }: { send: (note: string) => Promise<boolean>; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useActionForm(
    { note: '' },
    { pending, error, setError },
    {
      validate: ({ note }) => (note.trim() ? null : fieldProblem('note', 'Por favor, adicione uma observação final.')),
      submit: async ({ note }) => {
        setPending(true);
        const done = await send(note.trim());
        setPending(false);
        if (!done) setError('Erro ao finalizar processo.');
        return done;
      },
      onClose,
    },
  );
  return (
    <ActionModal isOpen title="Finalizar Processo" submitLabel="Finalizar" {...form.frame}>
      <TextField
        label="Observação final"
        value={form.values.note}
        onChange={form.set('note')}
        errorMessage={form.fieldError('note')}
      />
    </ActionModal>
  );
}

describe('useActionForm in an ActionModal', () => {
  beforeEach(() => stubBrowser());

  it('validates before sending, shows the failure, and closes after a success', async () => {
    const send = jest.fn<Promise<boolean>, [string]>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const onClose = jest.fn();
    render(<NoteModal send={send} onClose={onClose} />);
    const submit = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Finalizar' }));

    await submit();
    // The message sits next to the field (its description), which is marked invalid and takes the focus.
    const note = within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Observação final' });
    const described = () =>
      (note.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(described()).toContain('Por favor, adicione uma observação final.');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(send).not.toHaveBeenCalled();

    // Fixing the field clears its message at once.
    await userEvent.type(note, '  Serviço concluído. ');
    expect(note.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog()).queryByText('Por favor, adicione uma observação final.')).toBeNull();
    await submit();
    expect(send).toHaveBeenLastCalledWith('Serviço concluído.');
    expect(within(dialog()).getByRole('alert').textContent).toContain('Erro ao finalizar processo.');
    expect(onClose).not.toHaveBeenCalled();

    await submit();
    expect(send).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Observação final' }).value).toBe('');
  });
});
