import { Link } from 'wouter';
import { Icon } from '../../../ui/Icon';

/** Screen for a process the user may not open. */
export function AccessDenied() {
  return (
    <section className="access-denied" role="alert">
      <Icon name="lock" size={48} className="access-denied__icon" />
      <h1>Acesso Negado!</h1>
      <p>Você não tem permissão para acessar este processo sigiloso.</p>
      <Link href="/processes">Voltar para Processos</Link>
    </section>
  );
}
