import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One line of a purchase order: a material, a whole quantity ≥ 1 and an optional observation. */
@Entity({ name: 'purchase_order_items' })
export class PurchaseOrderItemEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ name: 'material_item_id', type: 'uuid' })
  materialItemId: string;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'text', default: '' })
  observation: string;
}
