import type { ProcessPermissions } from '@contracts';
import { availableActions } from './process-actions';

const allowed: ProcessPermissions = {
  canAct: true,
  canDelete: true,
  canViewConfidentiality: true,
  canEditConfidentiality: true,
};

describe('availableActions', () => {
  it('offers every action to an admin on an open process', () => {
    expect(availableActions({ status: 'em andamento', permissions: allowed })).toEqual([
      'forward',
      'respond',
      'attach',
      'createDocument',
      'finalize',
      'delete',
    ]);
  });

  it('offers nothing on a finalised or cancelled process, whatever the permissions', () => {
    expect(availableActions({ status: 'concluído', permissions: allowed })).toEqual([]);
    expect(availableActions({ status: 'cancelado', permissions: allowed })).toEqual([]);
  });

  it('offers only what the permissions allow', () => {
    expect(availableActions({ status: 'pendente', permissions: { ...allowed, canDelete: false } })).toEqual([
      'forward',
      'respond',
      'attach',
      'createDocument',
      'finalize',
    ]);
    expect(availableActions({ status: 'pendente', permissions: { ...allowed, canAct: false } })).toEqual(['delete']);
    expect(
      availableActions({ status: 'pendente', permissions: { ...allowed, canAct: false, canDelete: false } }),
    ).toEqual([]);
  });
});
