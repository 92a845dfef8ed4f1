import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';

export interface Credentials {
  name: string;
  username: string;
  /** null: the server e-mailed it (SMTP configured and the user has an address). */
  tempPassword: string | null;
}

/** docs/accounts.md#validation, also said when a new account's password went by e-mail. */
export const PASSWORD_SENT_BY_EMAIL = 'Uma nova senha temporária foi enviada para o email do usuário.';

/**
 * 'Usuário Criado com Sucesso' (docs/accounts.md#user-management): the temporary password, shown this one time, or the
 * notice that it was e-mailed. The page forgets it when the modal closes.
 */
export function CredentialsModal({ credentials, onClose }: { credentials: Credentials | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!credentials?.tempPassword) return;
    try {
      await navigator.clipboard.writeText(credentials.tempPassword);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Modal
      isOpen={credentials !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title="Usuário Criado com Sucesso"
      isDismissable={false}
      footer={
        <Button
          onPress={() => {
            setCopied(false);
            onClose();
          }}
        >
          Fechar
        </Button>
      }
    >
      {credentials && credentials.tempPassword === null && (
        <div className="credentials">
          <p role="status">{PASSWORD_SENT_BY_EMAIL}</p>
          <dl className="credentials__list">
            <dt>Usuário</dt>
            <dd data-testid="credentials-username">{credentials.username}</dd>
          </dl>
          <p>
            No primeiro acesso de <strong>{credentials.name}</strong> será obrigatório definir uma nova senha.
          </p>
        </div>
      )}
      {credentials && credentials.tempPassword !== null && (
        <div className="credentials">
          <p>
            Entregue as credenciais abaixo a <strong>{credentials.name}</strong>. No primeiro acesso será obrigatório
            definir uma nova senha.
          </p>
          <dl className="credentials__list">
            <dt>Usuário</dt>
            <dd data-testid="credentials-username">{credentials.username}</dd>
            <dt>Senha temporária</dt>
            <dd>
              <code className="credentials__password" data-testid="credentials-password">
                {credentials.tempPassword}
              </code>
              <Button variant="secondary" size="sm" onPress={() => void copy()}>
                {copied ? 'Copiada!' : 'Copiar'}
              </Button>
            </dd>
          </dl>
          <p className="credentials__warning" role="note">
            Esta senha é exibida apenas uma vez. Anote-a ou copie-a antes de fechar.
          </p>
        </div>
      )}
    </Modal>
  );
}
