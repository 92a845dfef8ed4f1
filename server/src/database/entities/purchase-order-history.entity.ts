import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PurchaseOrderStatus } from '#server/contracts/purchase-orders';

/** Every status a purchase order entered (creation included, `fromStatus` null), by whom and when. */
@Entity({ name: 'purchase_order_history' })
export class PurchaseOrderHistoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'from_status', type: 'text', nullable: true })
  fromStatus: PurchaseOrderStatus | null;

  @Column({ name: 'to_status', type: 'text' })
  toStatus: PurchaseOrderStatus;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'user_name', type: 'text' })
  userName: string;

  @Column({ name: 'user_department', type: 'text' })
  userDepartment: string;

  @Column({ name: 'review_comments', type: 'text', default: '' })
  reviewComments: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  date: Date;
}
