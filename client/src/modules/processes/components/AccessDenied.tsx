import { Link } from 'wouter';

/** Screen for a process the user may not open. */
export function AccessDenied() {
  return (
    <section className="access-denied" role="alert">
      <div aria-hidden="true">🔒</div>
      <h1>Acesso Negado!</h1>
      <p>Você não tem permissão para acessar este processo sigiloso.</p>
      <Link href="/processes">Voltar para Processos</Link>
    </section>
  );
}
