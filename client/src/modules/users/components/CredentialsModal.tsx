import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

export interface Credentials {
  name: string;
  username: string;
  tempPassword: string;
}

/**
 * 'Usuário Criado com Sucesso' (spec 2 §2.3): the temporary password, shown this one time. The
 * page forgets it when the modal closes.
 */
export function CredentialsModal({ credentials, onClose }: { credentials: Credentials | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!credentials) return;
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
      {credentials && (
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
