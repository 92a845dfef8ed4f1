import type { DocumentView } from '#server/contracts/documents';
import { SEARCH_RANKED_MATCHES, SEARCH_RESULTS_PER_KIND, type SearchResponse } from '#server/contracts/search';
import { createProcessViaApi } from '#test/factories/processes';
import { signInUsers, type SignedInUser } from '#test/factories/users';
import { api } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

/** Matches inserted by SQL: the window's size, a few of them confidential. */
const CONFIDENTIAL = 5;

/**
 * docs/processes.md#search-at-capital-size: the header search ranks the SEARCH_RANKED_MATCHES most
 * recent visible matches of each kind, returns the best of them and counts that far; a match the
 * reader may not see is never counted nor ranked.
 */
describe('header search: the ranked window and its count', () => {
  const { server } = useServerSuite();
  const users = {} as Record<'creator' | 'access' | 'other', SignedInUser>;

  beforeAll(async () => {
    await signInUsers(
      server,
      {
        creator: { username: 'w.creator', department: 'Administração', level: 'Chefia' },
        access: { username: 'w.access', department: 'Financeiro' },
        other: { username: 'w.other', department: 'Jurídico' },
      },
      users,
    );
  });

  const search = async (who: SignedInUser, q: string) => {
    const res = await api<SearchResponse>(server.url, 'GET', `/search?q=${encodeURIComponent(q)}`, {
      token: who.token,
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it(`ranks the ${SEARCH_RANKED_MATCHES} newest visible matches, counts that far, and skips hidden ones`, async () => {
    // The most relevant process (the word three times) is the oldest match.
    const best = await createProcessViaApi(server.url, users.creator.token, {
      subject: 'Pavimentação: pavimentação da avenida, pavimentação urgente',
    });
    // Then as many newer matches as the window holds, the oldest CONFIDENTIAL of them confidential.
    await server.dataSource.query(
      `INSERT INTO processes (id, subject, description, status, current_department, origin_department, confidential,
                              created_by, created_at, updated_at, last_update)
       SELECT '99999.' || lpad(n::text, 6, '0') || '/2026-00', 'Pavimentação da rua ' || n, 'Pedido de obra.',
              'pendente', 'Infraestrutura', 'Administração', n <= $3, $1,
              now() + n * interval '1 second', now() + n * interval '1 second', now() + n * interval '1 second'
         FROM generate_series(1, $2::int) AS n`,
      [users.creator.id, SEARCH_RANKED_MATCHES, CONFIDENTIAL],
    );

    // The creator sees every match: more than the window, so the best (oldest) one is not ranked.
    const creator = (await search(users.creator, 'pavimentacao')).processes;
    expect(creator).toMatchObject({ total: SEARCH_RANKED_MATCHES, totalIsLowerBound: true });
    expect(creator.items).toHaveLength(SEARCH_RESULTS_PER_KIND);
    expect(creator.items.map((p) => p.id)).not.toContain(best.id);

    // Another user does not see the confidential ones: fewer than the window, counted exactly, the
    // best one ranked first, no confidential one anywhere.
    const other = (await search(users.other, 'pavimentacao')).processes;
    expect(other).toMatchObject({ total: SEARCH_RANKED_MATCHES + 1 - CONFIDENTIAL, totalIsLowerBound: false });
    expect(other.items[0].id).toBe(best.id);
    expect(other.items.some((p) => p.confidential)).toBe(false);

    // Updated now, the best one is among the creator's newest matches again, and first.
    await server.dataSource.query(`UPDATE processes SET last_update = now() + interval '1 day' WHERE id = $1`, [
      best.id,
    ]);
    const again = (await search(users.creator, 'pavimentacao')).processes;
    expect(again.items[0].id).toBe(best.id);
    expect(again).toMatchObject({ total: SEARCH_RANKED_MATCHES, totalIsLowerBound: true });
  });

  it('counts documents exactly below the window, never a hidden one', async () => {
    const newDocument = async (title: string, confidential: boolean) => {
      const res = await api<DocumentView>(server.url, 'POST', '/documents', {
        token: users.creator.token,
        body: {
          title,
          content: 'Texto do parecer.',
          departmentAccess: ['Jurídico'],
          ...(confidential ? { confidential: true, confidentialAccess: [users.access.id] } : {}),
        },
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const secret = await newDocument('Parecer sigiloso de tombamento', true);
    const open = [
      await newDocument('Parecer de tombamento 1', false),
      await newDocument('Parecer de tombamento 2', false),
    ];
    const creator = (await search(users.creator, 'tombamento')).documents;
    expect(creator).toMatchObject({ total: 3, totalIsLowerBound: false });
    expect(creator.items.map((d) => d.id).sort()).toEqual([...open, secret].sort());
    const other = (await search(users.other, 'tombamento')).documents;
    expect(other).toMatchObject({ total: 2, totalIsLowerBound: false });
    expect(other.items.map((d) => d.id).sort()).toEqual([...open].sort());
  });
});
