import { PURCHASE_ORDER_MESSAGES as MESSAGES } from '@contracts';

const MATERIAL = '5b0e5d6e-6f4b-4c4a-9c43-0d7f4a2b9a11';
import {
  buildMaterialRequest,
  buildOrderRequest,
  emptyItem,
  initialMaterialForm,
  initialOrderForm,
  type OrderFormValues,
  validateMaterialForm,
  validateOrderForm,
} from './order-form';

const filled = (patch: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...initialOrderForm(),
  items: [{ ...emptyItem(), materialItem: MATERIAL, quantity: 3, observation: '  azul ' }],
  justification: ' Acabou. ',
  ...patch,
});

describe('purchase order form', () => {
  it('starts with one empty item, priority normal and value 0', () => {
    const form = initialOrderForm();
    expect(form.items).toHaveLength(1);
    expect([form.priority, form.estimatedTotal, form.deliveryExpected]).toEqual(['normal', 0, '']);
  });

  it('checks the form in the server order with the spec texts', () => {
    const item = filled().items[0];
    const cases: [Partial<OrderFormValues>, string | null][] = [
      [{ items: [] }, MESSAGES.itemsRequired],
      [{ justification: '   ' }, MESSAGES.justificationRequired],
      [{ items: [{ ...item, materialItem: '' }] }, MESSAGES.materialRequired],
      [{ items: [{ ...item, quantity: 0 }] }, MESSAGES.quantityInvalid],
      [{ items: [{ ...item, quantity: 1.5 }] }, MESSAGES.quantityInvalid],
      [{ items: [{ ...item, quantity: NaN }] }, MESSAGES.quantityInvalid],
      [{ estimatedTotal: -1 }, MESSAGES.estimatedTotalInvalid],
      [{ estimatedTotal: 10.005 }, MESSAGES.estimatedTotalInvalid],
      [{ estimatedTotal: 10000000000 }, MESSAGES.estimatedTotalInvalid],
      [{ estimatedTotal: NaN }, MESSAGES.estimatedTotalInvalid],
      [{ estimatedTotal: 12.5 }, null],
      [{ estimatedTotal: 0.1 + 0.2 }, null],
      [{}, null],
    ];
    for (const [patch, message] of cases) {
      expect([patch, validateOrderForm(filled(patch))?.message ?? null]).toEqual([patch, message]);
    }
  });

  it('answers in the page’s order when several checks fail', () => {
    const blank = { ...emptyItem(), materialItem: '', quantity: 0 };
    expect(validateOrderForm(filled({ items: [], justification: '' }))?.message).toBe(MESSAGES.itemsRequired);
    expect(validateOrderForm(filled({ items: [blank], justification: '' }))?.message).toBe(
      MESSAGES.justificationRequired,
    );
    expect(validateOrderForm(filled({ items: [blank], estimatedTotal: -1 }))?.message).toBe(MESSAGES.materialRequired);
  });

  it('names the failing field (an item field carries the item key)', () => {
    const item = filled().items[0];
    expect(validateOrderForm(filled({ items: [] }))?.field).toBe('items');
    expect(validateOrderForm(filled({ justification: '' }))?.field).toBe('justification');
    expect(validateOrderForm(filled({ items: [{ ...item, materialItem: '' }] }))?.field).toBe(`material-${item.key}`);
    expect(validateOrderForm(filled({ items: [{ ...item, quantity: 0 }] }))?.field).toBe(`quantity-${item.key}`);
    expect(validateOrderForm(filled({ estimatedTotal: -1 }))?.field).toBe('estimatedTotal');
  });

  it('builds the request with trimmed texts, numbers and an optional delivery date', () => {
    expect(buildOrderRequest(filled({ estimatedTotal: 1234.56, priority: 'urgent' }))).toEqual({
      items: [{ materialItem: MATERIAL, quantity: 3, observation: 'azul' }],
      justification: 'Acabou.',
      observations: '',
      priority: 'urgent',
      estimatedTotal: 1234.56,
      deliveryExpected: null,
    });
    expect(buildOrderRequest(filled({ deliveryExpected: '2030-01-31' })).deliveryExpected).toBe('2030-01-31');
  });
});

describe('material form', () => {
  it('requires name, unit and category after trimming, and sends trimmed values as active', () => {
    expect(validateMaterialForm(initialMaterialForm())).toEqual({
      field: 'name',
      message: MESSAGES.materialFieldsRequired,
    });
    const values = { name: ' Papel A4 ', description: ' ', unit: 'Resma', category: ' Papelaria ' };
    expect(validateMaterialForm({ ...values, name: '  ' })?.message).toBe(MESSAGES.materialFieldsRequired);
    expect(validateMaterialForm({ ...values, category: ' ' })?.field).toBe('category');
    expect(validateMaterialForm(values)).toBeNull();
    expect(buildMaterialRequest(values)).toEqual({
      name: 'Papel A4',
      description: '',
      unit: 'Resma',
      category: 'Papelaria',
      isActive: true,
    });
  });
});
