import type { UserLookup } from '@contracts';
import { confidentialDestinationWarning } from './confidential-destination';

const users: UserLookup[] = [
  { _id: 'ana', name: 'Ana', department: 'Jurídico', email: 'ana@x.gov.br', phone: null },
  { _id: 'bia', name: 'Bia', department: 'Financeiro', email: 'bia@x.gov.br', phone: null },
];
const base = { confidential: true, destination: 'Jurídico', accessIds: ['bia'], creatorId: 'carla', users };

describe('confidentialDestinationWarning', () => {
  it('warns when nobody of the destination is on the access list nor its creator', () => {
    expect(confidentialDestinationWarning(base)).toBe(
      'Atenção: ninguém de Jurídico está na lista de acesso deste processo sigiloso; lá, só administradores ' +
        'poderão abri-lo. Inclua alguém de Jurídico na lista de acesso.',
    );
  });

  it('is satisfied by someone of the destination on the list, or by the creator working there', () => {
    expect(confidentialDestinationWarning({ ...base, accessIds: ['bia', 'ana'] })).toBeNull();
    expect(confidentialDestinationWarning({ ...base, creatorId: 'ana' })).toBeNull();
  });

  it('says nothing for a public process, without destination or before the users load', () => {
    expect(confidentialDestinationWarning({ ...base, confidential: false })).toBeNull();
    expect(confidentialDestinationWarning({ ...base, destination: '' })).toBeNull();
    expect(confidentialDestinationWarning({ ...base, users: [] })).toBeNull();
  });
});
