import { statusChangeDecision } from '#server/contracts/documents';
import { describeContent, protocolNumberFor } from './documents.service';

const actor = (over: Partial<{ id: string; role: string; level: string; department: string }> = {}) => ({
  id: 'u1',
  role: 'operator',
  level: 'Funcionário',
  department: 'Financeiro',
  ...over,
});

describe('document rules', () => {
  it('describes a text with its first 100 characters plus an ellipsis when longer', () => {
    expect(describeContent('Curto.')).toBe('Curto.');
    expect(describeContent('a'.repeat(100))).toBe('a'.repeat(100));
    expect(describeContent(`${'é'.repeat(100)}x`)).toBe(`${'é'.repeat(100)}...`);
    expect(describeContent('linha 1\n\n  linha 2')).toBe('linha 1 linha 2');
  });

  it('draws protocol numbers DOC-{year}-{10000..99999}', () => {
    for (let i = 0; i < 200; i++) expect(protocolNumberFor(2026)).toMatch(/^DOC-2026-[1-9]\d{4}$/);
  });

  it('allows each status change only to its people', () => {
    const doc = (status: 'draft' | 'submitted' | 'rejected' | 'approved') => ({
      createdBy: 'u1',
      department: 'Financeiro',
      status,
    });
    expect(statusChangeDecision(doc('draft'), 'submitted', actor())).toBe('allowed');
    expect(statusChangeDecision(doc('draft'), 'submitted', actor({ id: 'u2' }))).toBe('forbidden');
    expect(statusChangeDecision(doc('draft'), 'approved', actor({ role: 'admin' }))).toBe('invalid');
    expect(statusChangeDecision(doc('submitted'), 'approved', actor())).toBe('forbidden');
    expect(statusChangeDecision(doc('submitted'), 'approved', actor({ id: 'u3', level: 'Chefia' }))).toBe('allowed');
    expect(
      statusChangeDecision(doc('submitted'), 'rejected', actor({ id: 'u3', level: 'Chefia', department: 'Obras' })),
    ).toBe('forbidden');
    expect(statusChangeDecision(doc('rejected'), 'draft', actor())).toBe('allowed');
    expect(statusChangeDecision(doc('approved'), 'draft', actor({ role: 'admin' }))).toBe('invalid');
    expect(statusChangeDecision(doc('approved'), 'signed', actor({ role: 'admin' }))).toBe('invalid');
  });
});
