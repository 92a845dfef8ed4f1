/** Title of each screen (docs/interface.md#routes); the tab reads '<title> — SEMGI'. Longest prefix wins. */
const ROUTE_TITLES: readonly [prefix: string, title: string][] = [
  ['/login', 'Entrar'],
  ['/change-password', 'Alterar Senha'],
  ['/verify-signature', 'Verificar Assinatura'],
  ['/consulta', 'Consulta de Processo'],
  ['/dashboard', 'Dashboard'],
  ['/processes', 'Processos'],
  ['/process-details', 'Detalhes do Processo'],
  ['/notifications', 'Notificações'],
  ['/documents', 'Documentos'],
  ['/documents/new', 'Novo Documento'],
  ['/documents/pending-signatures', 'Assinaturas Pendentes'],
  ['/document-signer', 'Assinar Documento'],
  ['/signature-blocks', 'Blocos de assinatura'],
  ['/reports', 'Relatórios'],
  ['/integration', 'Integração'],
  ['/users', 'Usuários'],
  ['/profile', 'Meu Perfil'],
  ['/settings', 'Configurações'],
  ['/templates', 'Templates'],
  ['/departments', 'Departamentos'],
  ['/calendar', 'Calendário'],
  ['/document-types', 'Tipos de documento'],
  ['/logs', 'Logs do Sistema'],
  ['/purchase-orders', 'Pedidos de Materiais'],
  ['/search', 'Busca'],
];

const PRODUCT = 'SEMGI';

/** The document title for a client route, e.g. '/processes' → 'Processos — SEMGI'. */
export function routeTitle(path: string): string {
  const match = ROUTE_TITLES.filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`)).sort(
    ([a], [b]) => b.length - a.length,
  )[0];
  return match ? `${match[1]} — ${PRODUCT}` : PRODUCT;
}
