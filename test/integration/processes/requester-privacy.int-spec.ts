import type { RequesterSearchResponse } from '#server/contracts/processes';
import { createProcessViaApi } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * CPF/CNPJ and phone of an external requester are returned, and matched, only for users who may see
 * at least one of that requester's processes (docs/processes.md#requesters): a confidential complaint does not
 * leak who filed it through the requester search.
 */
describe('external requester search and personal data', () => {
  const { server } = useServerSuite();
  const s: Record<string, Session> = {};
  const search = async (username: string, query: string) =>
    (
      await api<RequesterSearchResponse>(server.url, 'GET', `/requesters/search?query=${encodeURIComponent(query)}`, {
        token: s[username].token,
      })
    ).body.data;

  beforeAll(async () => {
    for (const [username, seed] of [
      ['ouvidor', { department: 'Gabinete' }],
      ['func.jur', { department: 'Jurídico' }],
      ['admin.geral', { department: 'Administração', role: 'admin' }],
    ] as const) {
      await createUser(server.dataSource, { username, ...seed });
      s[username] = await login(server.url, username, TEST_PASSWORD);
    }
    await createProcessViaApi(server.url, s.ouvidor.token, {
      subject: 'Denúncia de assédio',
      confidential: true,
      confidentialAccess: [s.ouvidor.user.id],
      isNewRequester: true,
      requester: { name: 'Marta Denunciante', document: '529.982.247-25', phone: '(11) 97777-1234' },
    });
    await createProcessViaApi(server.url, s.ouvidor.token, {
      subject: 'Pedido de poda',
      isNewRequester: true,
      requester: { name: 'Marcos Público', document: '111.444.777-35', phone: '(11) 96666-0000' },
    });
  });

  it('shows contact data to who may see one of the requester’s processes', async () => {
    for (const username of ['ouvidor', 'admin.geral']) {
      expect(await search(username, 'marta')).toEqual([
        expect.objectContaining({ name: 'Marta Denunciante', document: '529.982.247-25', phone: '(11) 97777-1234' }),
      ]);
      expect((await search(username, '52998224725')).map((r) => r.name)).toEqual(['Marta Denunciante']);
    }
    expect(await search('func.jur', 'marcos')).toEqual([
      expect.objectContaining({ name: 'Marcos Público', document: '111.444.777-35', phone: '(11) 96666-0000' }),
    ]);
  });

  it('finds nothing of a requester known only through processes the caller may not see', async () => {
    expect(await search('func.jur', 'marta')).toEqual([]);
    expect(await search('func.jur', '52998224725')).toEqual([]);
    expect(await search('func.jur', '529.982.247-25')).toEqual([]);
    // Two characters are enough to search: they list only requesters of processes the caller may see.
    expect((await search('func.jur', 'ma')).map((r) => r.name)).toEqual(['Marcos Público']);
    expect((await search('ouvidor', 'ma')).map((r) => r.name)).toEqual(['Marcos Público', 'Marta Denunciante']);
  });
});
