import { isAdmin } from '#server/common/auth-user';
import {
  isPurchaseReviewer,
  mayViewOrder,
  orderAudience,
  reviewerAudience,
  visibleOrdersWhere,
} from './purchase-order-visibility';

const user = (role: 'admin' | 'operator', department: string, id = 'u1') => ({ id, role, department });
const order = { department: 'Financeiro', requestedBy: 'u1' };

describe('purchase-order visibility (docs/purchase-orders.md#reviewers)', () => {
  it('reviewers are admins and users of Pedidos or Administração', () => {
    expect(isPurchaseReviewer(user('admin', 'Jurídico'))).toBe(true);
    expect(isPurchaseReviewer(user('operator', 'Pedidos'))).toBe(true);
    expect(isPurchaseReviewer(user('operator', 'Administração'))).toBe(true);
    expect(isPurchaseReviewer(user('operator', 'Financeiro'))).toBe(false);
  });

  it('the requester, their department and reviewers see an order', () => {
    expect(mayViewOrder(user('operator', 'Financeiro', 'x'), order)).toBe(true);
    expect(mayViewOrder(user('operator', 'Pedidos', 'x'), order)).toBe(true);
    expect(mayViewOrder(user('operator', 'Jurídico', 'x'), order)).toBe(false);
    // The requester, moved to another department since, still sees their own order.
    expect(mayViewOrder(user('operator', 'Jurídico', 'u1'), order)).toBe(true);
  });

  it('as a WHERE fragment: nothing for reviewers, department or requester for the others', () => {
    const params: unknown[] = ['earlier'];
    expect(visibleOrdersWhere(user('operator', 'Pedidos'), params)).toBeNull();
    expect(params).toEqual(['earlier']);
    expect(visibleOrdersWhere(user('operator', 'Jurídico', 'x'), params, 'po')).toBe(
      '(po.department = $2 OR po.requested_by = $3)',
    );
    expect(params).toEqual(['earlier', 'Jurídico', 'x']);
  });

  it('as recipients: exactly the users mayViewOrder lets see the order', () => {
    const audience = orderAudience(order);
    const users = [
      user('admin', 'Jurídico', 'a'),
      user('operator', 'Pedidos', 'p'),
      user('operator', 'Administração', 'd'),
      user('operator', 'Financeiro', 'f'),
      user('operator', 'Jurídico', 'j'),
      user('operator', 'Jurídico', 'u1'),
    ];
    for (const u of users) {
      const reached =
        (audience.admins && isAdmin(u)) ||
        audience.departments.includes(u.department) ||
        audience.userIds.includes(u.id);
      expect([u, reached]).toEqual([u, mayViewOrder(u, order)]);
    }
    expect(orderAudience({ department: 'Pedidos', requestedBy: 'x' }).departments).toEqual([
      'Pedidos',
      'Administração',
    ]);
  });

  it('the reviewers as recipients: the admins and the reviewing departments', () => {
    expect(reviewerAudience()).toEqual({ admins: true, departments: ['Pedidos', 'Administração'] });
  });
});
