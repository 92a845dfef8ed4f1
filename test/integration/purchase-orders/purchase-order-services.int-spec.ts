import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import { PURCHASE_ORDER_MESSAGES as MESSAGES } from '#server/contracts/purchase-orders';
import { mayViewOrder, orderAudience } from '#server/domain/purchase-orders/purchase-order-visibility';
import { PurchaseOrderCommandsService } from '#server/modules/purchase-orders/purchase-order-commands.service';
import { PurchaseOrderQueriesService } from '#server/modules/purchase-orders/purchase-order-queries.service';
import { createMaterial } from '#test/factories/purchase-orders';
import { createUser } from '#test/factories/users';
import { asCaller, NO_REQUEST, useModuleSuite } from '#test/setup/module-suite';

/**
 * docs/purchase-orders.md#reviewers and #transitions on the services and the real database, without
 * HTTP: who sees an order, who may move it, and what a stale state gets.
 */
describe('purchase-order rules on the services (no HTTP)', () => {
  const suite = useModuleSuite();
  const commands = () => suite.context.get(PurchaseOrderCommandsService);
  const queries = () => suite.context.get(PurchaseOrderQueriesService);
  let material: string;

  beforeAll(async () => {
    material = (await createMaterial(suite.dataSource)).id;
  });

  const order = async (department: string) => {
    const requester = asCaller(await createUser(suite.dataSource, { department }));
    const input = { items: [{ materialItem: material, quantity: 2 }], justification: 'Reposição' };
    const created = await commands().create(requester, input, NO_REQUEST);
    return { requester, created };
  };

  it('shows an order to reviewers, its department and its requester only; anyone else gets 404', async () => {
    const { requester, created } = await order('Infraestrutura');
    const reviewer = asCaller(await createUser(suite.dataSource, { department: 'Pedidos' }));
    const colleague = asCaller(await createUser(suite.dataSource, { department: 'Infraestrutura' }));
    const outsider = asCaller(await createUser(suite.dataSource, { department: 'Jurídico' }));
    for (const viewer of [requester, reviewer, colleague]) {
      expect((await queries().details(viewer, created.id)).orderNumber).toBe(created.orderNumber);
    }
    await expect(queries().details(outsider, created.id)).rejects.toThrow(new NotFoundException(MESSAGES.notFound));
    expect((await queries().list(outsider, {})).data.map((o) => o.id)).not.toContain(created.id);
    // After moving to another department the requester still sees their own order.
    const moved = { ...requester, department: 'Jurídico' };
    expect((await queries().details(moved, created.id)).id).toBe(created.id);
  });

  it('lets reviewers approve and the requester cancel; the wrong person gets 403, a stale state 409', async () => {
    const { requester, created } = await order('Licitações');
    const reviewer = asCaller(await createUser(suite.dataSource, { department: 'Administração' }));
    await expect(commands().changeStatus(requester, created.id, 'approved', '', NO_REQUEST)).rejects.toThrow(
      ForbiddenException,
    );
    await expect(commands().changeStatus(reviewer, created.id, 'cancelled', '', NO_REQUEST)).rejects.toThrow(
      new ForbiddenException(MESSAGES.requesterOnly),
    );
    const approved = await commands().changeStatus(reviewer, created.id, 'approved', 'ok', NO_REQUEST);
    expect([approved.status, approved.reviewComments, approved.reviewedBy?._id]).toEqual([
      'approved',
      'ok',
      reviewer.id,
    ]);
    expect(approved.history.map((h) => h.to)).toEqual(['pending', 'approved']);
    await expect(commands().changeStatus(requester, created.id, 'cancelled', '', NO_REQUEST)).rejects.toThrow(
      new ConflictException(MESSAGES.wrongState('approved', 'cancelled')),
    );
  });

  it('one visibility rule on both sides: the list query, mayViewOrder and the worker audience agree', async () => {
    const orders = [await order('Infraestrutura'), await order('Licitações')];
    const viewers: AuthUser[] = [
      ...orders.map((o) => o.requester),
      { ...orders[0].requester, department: 'Jurídico' },
      asCaller(await createUser(suite.dataSource, { department: 'Pedidos' })),
      asCaller(await createUser(suite.dataSource, { department: 'Infraestrutura' })),
      asCaller(await createUser(suite.dataSource, { department: 'Jurídico' })),
      asCaller(await createUser(suite.dataSource, { department: 'Jurídico', role: 'admin' })),
    ];
    const ours = orders.map((o) => o.created);
    const inAudience = (viewer: AuthUser, o: (typeof ours)[number]) => {
      const audience = orderAudience({ department: o.department, requestedBy: o.requestedBy._id });
      return (
        (audience.admins && isAdmin(viewer)) ||
        audience.departments.includes(viewer.department) ||
        audience.userIds.includes(viewer.id)
      );
    };
    for (const viewer of viewers) {
      const listed = (await queries().list(viewer, {})).data.filter((o) => ours.some((c) => c.id === o.id));
      const byRule = ours.filter((o) =>
        mayViewOrder(viewer, { department: o.department, requestedBy: o.requestedBy._id }),
      );
      expect(listed.map((o) => o.id).sort()).toEqual(byRule.map((o) => o.id).sort());
      expect(ours.filter((o) => inAudience(viewer, o)).map((o) => o.id)).toEqual(byRule.map((o) => o.id));
    }
  });
});
