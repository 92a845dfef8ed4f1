import { Card } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';

/** e-SIC/LAI placeholder (docs/interface.md#integration): a heading and one sentence; no integration behaviour. */
export default function IntegrationPage() {
  return (
    <>
      <PageHeader title="Integração e-SIC/LAI" />
      <Card>
        <p className="card__text">
          Em breve, os pedidos de acesso à informação recebidos pelos sistemas e-SIC/LAI poderão ser integrados aos
          processos administrativos desta prefeitura.
        </p>
      </Card>
    </>
  );
}
