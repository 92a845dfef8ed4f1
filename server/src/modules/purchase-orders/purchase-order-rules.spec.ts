import { allowedTransitions } from './purchase-order-rules';

const user = (role: 'admin' | 'operator', department: string, id = 'u1') => ({ id, role, department });
const order = (status: 'pending' | 'approved' | 'ordered' | 'received', requestedBy = 'u1') => ({
  status,
  department: 'Financeiro',
  requestedBy,
});

describe('purchase order rules', () => {
  it('offers the transitions of the table from the current state, by who may apply them', () => {
    const reviewer = user('operator', 'Pedidos', 'r');
    expect(allowedTransitions(reviewer, order('pending'))).toEqual(['approved', 'rejected']);
    expect(allowedTransitions(reviewer, order('approved'))).toEqual(['ordered']);
    expect(allowedTransitions(reviewer, order('ordered'))).toEqual(['received']);
    expect(allowedTransitions(reviewer, order('received'))).toEqual([]);
    expect(allowedTransitions(user('operator', 'Financeiro', 'u1'), order('pending'))).toEqual(['cancelled']);
    expect(allowedTransitions(user('operator', 'Financeiro', 'u2'), order('pending'))).toEqual([]);
    // A reviewer who made the order may also withdraw it.
    expect(allowedTransitions(user('admin', 'Financeiro', 'u1'), order('pending'))).toEqual([
      'approved',
      'rejected',
      'cancelled',
    ]);
  });
});
