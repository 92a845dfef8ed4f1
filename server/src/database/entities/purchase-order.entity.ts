import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PurchaseOrderPriority, PurchaseOrderStatus } from '#server/contracts/purchase-orders';

/**
 * A material purchase order (docs/purchase-orders.md#fields). `estimatedTotal` is numeric(12,2): TypeORM hands it over
 * as a string with two decimals, so it is never rounded through floating point on the way in.
 */
@Entity({ name: 'purchase_orders' })
export class PurchaseOrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_number', type: 'text' })
  orderNumber: string;

  @Column({ type: 'text' })
  department: string;

  @Column({ name: 'requested_by', type: 'uuid' })
  requestedBy: string;

  @Column({ type: 'text', default: 'pending' })
  status: PurchaseOrderStatus;

  @Column({ type: 'text', default: 'normal' })
  priority: PurchaseOrderPriority;

  @Column({ name: 'estimated_total', type: 'numeric', precision: 12, scale: 2, default: 0 })
  estimatedTotal: string;

  @Column({ name: 'delivery_expected', type: 'date', nullable: true })
  deliveryExpected: string | null;

  @Column({ type: 'text' })
  justification: string;

  @Column({ type: 'text', default: '' })
  observations: string;

  @Column({ name: 'review_comments', type: 'text', default: '' })
  reviewComments: string;

  @Column({ name: 'reviewed_by', type: 'uuid', nullable: true })
  reviewedBy: string | null;

  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  @Column({ name: 'item_count', type: 'integer' })
  itemCount: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
