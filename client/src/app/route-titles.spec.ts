import { routeTitle } from './route-titles';

describe('routeTitle', () => {
  it('names each screen after the product, the most specific route first', () => {
    expect(routeTitle('/processes')).toBe('Processos — SEMGI');
    expect(routeTitle('/process-details/10001.000001%2F2026-45')).toBe('Detalhes do Processo — SEMGI');
    expect(routeTitle('/documents/pending-signatures')).toBe('Assinaturas Pendentes — SEMGI');
    expect(routeTitle('/documents/abc')).toBe('Documentos — SEMGI');
    expect(routeTitle('/processesx')).toBe('SEMGI');
  });
});
