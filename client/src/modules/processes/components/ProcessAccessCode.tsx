import type { ProcessView } from '@contracts';
import { useState } from 'react';
import { downloadFile, errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Checkbox } from '@/ui/Checkbox';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { toast } from '@/ui/toast';
import { processesApi } from '../api/processes-api';
import { useProcessAction } from '../hooks/useProcessAction';

/**
 * The external requester's access code, the receipt download and, for who may act, a new code
 * (docs/processes.md#receipts-and-tracking) and the requester's updates by e-mail
 * (docs/processes.md#updates-by-e-mail). Shown only when the process has a code.
 */
export function ProcessAccessCode({
  process,
  onChanged,
}: {
  process: ProcessView & { accessCode: string };
  onChanged: (process: ProcessView) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const reissue = useProcessAction(
    { success: 'Novo código de acesso emitido.', failure: 'Não foi possível emitir um novo código.' },
    onChanged,
  );

  const updates = useProcessAction(
    {
      success: 'Atualizações por e-mail do requerente alteradas.',
      failure: 'Não foi possível alterar as atualizações por e-mail.',
    },
    onChanged,
  );
  const requester = process.requester?.type === 'external' ? process.requester : null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(processesApi.receiptPath(process.id), `comprovante-${process.id}.pdf`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Não foi possível baixar o comprovante.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card title="Acompanhamento pelo requerente">
      <p>
        Código de acesso: <code className="access-code">{process.accessCode}</code>
      </p>
      <p className="muted">
        Com o número do processo e este código, o requerente acompanha o processo na página pública de consulta.
      </p>
      {requester && (
        <>
          <Checkbox
            isSelected={requester.emailUpdates}
            isDisabled={!process.permissions.canAct || !requester.email || updates.pending}
            onChange={(emailUpdates) =>
              void updates.run(() => processesApi.updateRequester(process.id, { emailUpdates }))
            }
          >
            Receber atualizações por e-mail
          </Checkbox>
          <p className="muted">
            {requester.email
              ? `Um e-mail para ${requester.email} quando o processo for encaminhado ou finalizado.`
              : 'O requerente não tem e-mail cadastrado.'}
          </p>
        </>
      )}
      <div className="process-details__actions">
        <Button variant="secondary" onPress={() => void download()} isPending={downloading}>
          Comprovante de protocolo
        </Button>
        {process.permissions.canAct && (
          <Button variant="secondary" onPress={() => setConfirming(true)}>
            Emitir novo código
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Emitir novo código de acesso"
        message="O código atual deixará de funcionar e o requerente precisará do novo comprovante. Continuar?"
        confirmLabel="Emitir novo código"
        isPending={reissue.pending}
        onConfirm={async () => {
          await reissue.run(() => processesApi.reissueAccessCode(process.id));
          setConfirming(false);
        }}
      />
    </Card>
  );
}
