import { DEFAULT_RECEIVING_DEPARTMENT } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Select } from '@/ui/Select';
import { showToast } from '@/ui/toast';
import { publicFilingKeys, publicRequestsApi } from '../api/public-requests-api';

/**
 * The admin's choice of the department that receives online filings (docs/processes.md#online-filing),
 * on the Departments page. Until one is chosen, 'Protocolo' (created by the first filing).
 */
export function ReceivingDepartmentSetting({ departments }: { departments: readonly string[] }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: publicFilingKeys.settings, queryFn: publicRequestsApi.settings });
  const save = useMutation({
    mutationFn: (receivingDepartment: string) => publicRequestsApi.saveSettings({ receivingDepartment }),
    onSuccess: async () => {
      showToast({ message: 'Setor de recebimento das solicitações online salvo.', type: 'success' });
      await queryClient.invalidateQueries({ queryKey: publicFilingKeys.settings });
    },
  });
  const current = settings.data?.receivingDepartment ?? null;
  return (
    <div className="card">
      <Select
        label="Setor que recebe as solicitações online"
        options={departments.map((name) => ({ id: name, label: name }))}
        value={current && departments.includes(current) ? current : null}
        placeholder={current ?? DEFAULT_RECEIVING_DEPARTMENT}
        onChange={(name) => save.mutate(name)}
        isDisabled={settings.isPending || save.isPending}
      />
      <p className="muted">
        Pedidos feitos pelos cidadãos em /semgi/solicitar chegam a este setor. Padrão: {DEFAULT_RECEIVING_DEPARTMENT}.
      </p>
      {(settings.error ?? save.error) && (
        <ErrorBanner message={errorMessage(settings.error ?? save.error, 'Falha ao salvar o setor de recebimento.')} />
      )}
    </div>
  );
}
