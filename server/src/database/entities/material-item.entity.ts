import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MaterialCategory, MaterialUnit } from '#server/contracts/purchase-orders';

/** A material that orders can ask for (docs/purchase-orders.md#fields "Material item"). */
@Entity({ name: 'material_items' })
export class MaterialItemEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text' })
  unit: MaterialUnit;

  @Column({ type: 'text' })
  category: MaterialCategory;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
