import { Link } from 'wouter';
import { Icon } from '@/ui/Icon';

/**
 * Screen for any 404 on a process: it does not exist, or it is confidential and the user is not on its
 * access list. The server answers the same for both on purpose, so the text claims neither.
 */
export function ProcessUnavailable() {
  return (
    <section className="access-denied" role="alert">
      <Icon name="lock" size={48} className="access-denied__icon" />
      <h1>Processo não encontrado ou indisponível</h1>
      <p>Este processo não existe ou você não tem permissão para acessá-lo.</p>
      <Link href="/processes">Voltar para Processos</Link>
    </section>
  );
}
