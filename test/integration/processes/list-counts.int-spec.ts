import { resetEnvCache } from '#server/config/env';
import type { NotificationListResponse } from '#server/contracts/notifications';
import type { ProcessListResponse, ProtocolListResponse, ProtocolMutationResponse } from '#server/contracts/processes';
import { createNotification } from '#test/factories/notifications';
import { createProcessViaApi } from '#test/factories/processes';
import { seedProcesses } from '#test/factories/process-seed';
import { parseProcessListFilters } from '#server/modules/processes/process-list-filters';
import { LIST_COUNT_WALK_FACTOR, ProcessesRepository } from '#server/repositories/processes.repository';
import { signInUsers, type SignedInUser } from '#test/factories/users';
import { api } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const CAP = 5;

/**
 * docs/processes.md#list-counts with the cap lowered to 5 (LIST_COUNT_CAP): exact up to it, the cap
 * and `totalIsLowerBound` past it, pages beyond the counted ones still served, and a confidential
 * process the reader may not see never counted.
 */
describe('process list, protocols and notifications: counts capped at LIST_COUNT_CAP', () => {
  const { server } = useServerSuite({
    before: () => {
      process.env.LIST_COUNT_CAP = String(CAP);
      resetEnvCache();
    },
    after: () => {
      delete process.env.LIST_COUNT_CAP;
      resetEnvCache();
    },
  });
  const users = {} as Record<'creator' | 'access' | 'other', SignedInUser>;

  beforeAll(async () => {
    await signInUsers(
      server,
      {
        creator: { username: 'c.creator', department: 'Administração' },
        access: { username: 'c.access', department: 'Financeiro' },
        other: { username: 'c.other', department: 'Jurídico' },
      },
      users,
    );
  });

  const list = async (who: SignedInUser, query = '') => {
    const res = await api<ProcessListResponse>(server.url, 'GET', `/processes${query}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const protocols = async (who: SignedInUser, query = '') => {
    const res = await api<ProtocolListResponse>(server.url, 'GET', `/protocol${query}`, { token: who.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const newProtocol = async (confidential: boolean) => {
    const res = await api<ProtocolMutationResponse>(server.url, 'POST', '/protocol', {
      token: users.creator.token,
      body: {
        subject: confidential ? 'Denúncia sigilosa' : 'Pedido de certidão',
        description: 'Registro do protocolo geral.',
        destinationDepartment: 'Financeiro',
        ...(confidential ? { confidential: true, confidentialAccess: [users.access.id] } : {}),
      },
    });
    expect(res.status).toBe(201);
  };

  it('counts exactly up to the cap, over the visible processes only', async () => {
    await createProcessViaApi(server.url, users.creator.token, {
      subject: 'Apuração sigilosa',
      confidential: true,
      confidentialAccess: [users.access.id],
    });
    for (let i = 0; i < CAP - 1; i += 1) await createProcessViaApi(server.url, users.creator.token);

    // The creator sees all five: exactly the cap is still exact.
    expect(await list(users.creator)).toMatchObject({ total: CAP, totalPages: 1, totalIsLowerBound: false });
    // The other user sees four: the confidential one is not counted.
    const other = await list(users.other);
    expect(other).toMatchObject({ total: CAP - 1, totalPages: 1, totalIsLowerBound: false });
    expect(other.processes).toHaveLength(CAP - 1);
  });

  it('past the cap answers the cap with totalIsLowerBound, and serves the pages after it', async () => {
    await createProcessViaApi(server.url, users.creator.token);
    // Six visible to the creator, five to the other user (the hidden confidential one would make six).
    expect(await list(users.other)).toMatchObject({ total: CAP, totalIsLowerBound: false });
    const first = await list(users.creator, '?limit=2');
    expect(first).toMatchObject({ total: CAP, totalPages: 3, totalIsLowerBound: true, page: 1, limit: 2 });

    const third = await list(users.creator, '?limit=2&page=3');
    expect(third.processes).toHaveLength(2);
    const fourth = await list(users.creator, '?limit=2&page=4');
    expect(fourth).toMatchObject({ processes: [], totalIsLowerBound: true });

    // A filter matching fewer than the cap is exact again.
    expect(await list(users.creator, '?q=sigilosa')).toMatchObject({ total: 1, totalIsLowerBound: false });
  });

  /** What the walk along the list and the planned count each find for `q` (capped at CAP + 1). */
  const countedBy = async (who: SignedInUser, q: string) => {
    const filters = parseProcessListFilters({ q });
    const { count } = server.app
      .get(ProcessesRepository)
      .listSql({ id: who.id, role: 'operator' }, filters, { today: '', soon: '' }, CAP);
    const total = async ([sql, params]: [string, unknown[]]) =>
      (await server.dataSource.query<{ total: number }[]>(sql, params))[0].total;
    return { walk: await total(count.walk!), all: await total(count.all) };
  };

  it('with a text filter, counts along the list first and only the visible matches', async () => {
    // Five confidential 'Sindicância' processes only the creator and `access` see, four public ones.
    for (let i = 0; i < CAP; i += 1) {
      await createProcessViaApi(server.url, users.creator.token, {
        subject: `Sindicância sigilosa ${i}`,
        confidential: true,
        confidentialAccess: [users.access.id],
      });
    }
    for (let i = 0; i < CAP - 1; i += 1) {
      await createProcessViaApi(server.url, users.creator.token, { subject: `Sindicância ${i}` });
    }
    // Nine among the newest rows; the other user may count only four of them.
    expect(await list(users.other, '?q=sindicancia')).toMatchObject({ total: CAP - 1, totalIsLowerBound: false });
    expect(await list(users.access, '?q=SINDICÂNCIA')).toMatchObject({ total: CAP, totalIsLowerBound: true });
    expect(await list(users.access, '?q=sindic%C3%A2ncia&status=pendente')).toMatchObject({
      total: CAP,
      totalIsLowerBound: true,
    });
    // Whichever statement PostgreSQL's estimate picks here, each one counts only what the reader sees.
    expect(await countedBy(users.other, 'sindicância')).toEqual({ walk: CAP - 1, all: CAP - 1 });
    expect(await countedBy(users.access, 'sindicancia')).toEqual({ walk: CAP + 1, all: CAP + 1 });
  });

  it('with a word found only past the walk (cap × LIST_COUNT_WALK_FACTOR rows), the count is still exact', async () => {
    // Older processes, the three oldest about a day-care centre: more than the walk's rows come
    // before them in the list's order.
    const ids = await seedProcesses(server.dataSource, {
      count: CAP * LIST_COUNT_WALK_FACTOR + 20,
      userIds: [users.creator.id],
      confidentialRatio: 0,
      spreadDays: 30,
      protocolRatio: 0,
    });
    await server.dataSource.query(
      `UPDATE processes SET subject = 'Reforma da creche ' || id
        WHERE id IN (SELECT id FROM processes WHERE id = ANY($1) ORDER BY last_update LIMIT 3)`,
      [ids],
    );
    expect(await list(users.other, '?q=creche')).toMatchObject({ total: 3, totalIsLowerBound: false });
    expect(await countedBy(users.other, 'creche')).toEqual({ walk: 0, all: 3 });
    // A word on every one of them passes the cap within the walk.
    expect(await list(users.other, '?q=processo%20de%20teste')).toMatchObject({ total: CAP, totalIsLowerBound: true });
  });

  it('the protocols page counts the same way', async () => {
    await newProtocol(true);
    for (let i = 0; i < CAP - 1; i += 1) await newProtocol(false);
    expect(await protocols(users.creator)).toMatchObject({ total: CAP, totalIsLowerBound: false });
    expect(await protocols(users.other)).toMatchObject({ total: CAP - 1, totalIsLowerBound: false });
    expect(await protocols(users.access)).toMatchObject({ total: CAP, totalIsLowerBound: false });

    await newProtocol(false);
    expect(await protocols(users.other)).toMatchObject({ total: CAP, totalIsLowerBound: false });
    const capped = await protocols(users.creator, '?limit=2');
    expect(capped).toMatchObject({ total: CAP, totalPages: 3, totalIsLowerBound: true });
    expect((await protocols(users.creator, '?limit=2&page=3')).protocols).toHaveLength(2);
  });

  it("the notifications page counts the reader's own notifications the same way, per tab", async () => {
    const notifications = async (query: string) => {
      const res = await api<NotificationListResponse>(server.url, 'GET', `/notifications${query}`, {
        token: users.other.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    // Another user's notifications are not counted.
    for (let i = 0; i < CAP + 2; i += 1) await createNotification(server.dataSource, users.creator.id);
    for (let i = 0; i < CAP + 1; i += 1) {
      await createNotification(server.dataSource, users.other.id, { title: `N${i}`, read: i < 2 });
    }
    expect(await notifications('?limit=2')).toMatchObject({ total: CAP, totalPages: 3, totalIsLowerBound: true });
    expect((await notifications('?limit=2&page=3')).notifications).toHaveLength(2);
    expect(await notifications('?read=false')).toMatchObject({ total: CAP - 1, totalIsLowerBound: false });
    expect(await notifications('?read=true')).toMatchObject({ total: 2, totalIsLowerBound: false });
  });
});
