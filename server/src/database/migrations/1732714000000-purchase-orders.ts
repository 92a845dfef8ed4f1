import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Material purchase orders (docs/purchase-orders.md#fields): the material catalogue, orders with their items, the status
 * history and the yearly counter behind `PED-YYYY-NNNNN` numbers.
 *
 * Money is `numeric(12,2)`, never floating point. A material name is unique whatever its case or
 * accents (`semgi_search_normalize` is the immutable lower(unaccent()) of the processes migration).
 */
export class PurchaseOrders1732714000000 implements MigrationInterface {
  name = 'PurchaseOrders1732714000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE material_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '',
        unit text NOT NULL CHECK (length(btrim(unit)) > 0),
        category text NOT NULL CHECK (length(btrim(category)) > 0),
        is_active boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX material_items_name_key ON material_items (semgi_search_normalize(name))`);
    await q.query(`CREATE INDEX material_items_active_idx ON material_items (is_active, name)`);

    await q.query(`
      CREATE TABLE purchase_order_number_counters (
        year integer PRIMARY KEY CHECK (year BETWEEN 1900 AND 9999),
        last_value integer NOT NULL CHECK (last_value >= 0)
      )`);

    await q.query(`
      CREATE TABLE purchase_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_number text NOT NULL UNIQUE CHECK (order_number ~ '^PED-[0-9]{4}-[0-9]{5}$'),
        department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        requested_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'reviewing', 'approved', 'rejected', 'ordered', 'received', 'cancelled')),
        priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
        estimated_total numeric(12,2) NOT NULL DEFAULT 0 CHECK (estimated_total >= 0),
        delivery_expected date,
        justification text NOT NULL CHECK (length(btrim(justification)) > 0),
        observations text NOT NULL DEFAULT '',
        review_comments text NOT NULL DEFAULT '',
        reviewed_by uuid REFERENCES users (id) ON DELETE RESTRICT,
        reviewed_at timestamptz,
        item_count integer NOT NULL CHECK (item_count >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // List: newest first, optionally by department (visibility), status or priority.
    await q.query(`CREATE INDEX purchase_orders_created_idx ON purchase_orders (created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX purchase_orders_department_idx ON purchase_orders (department, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX purchase_orders_status_idx ON purchase_orders (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX purchase_orders_requested_by_idx ON purchase_orders (requested_by)`);
    // Stats: one index-only pass per visibility scope.
    await q.query(
      `CREATE INDEX purchase_orders_stats_idx ON purchase_orders (department, status) INCLUDE (estimated_total)`,
    );

    await q.query(`
      CREATE TABLE purchase_order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        material_item_id uuid NOT NULL REFERENCES material_items (id) ON DELETE RESTRICT,
        quantity integer NOT NULL CHECK (quantity >= 1),
        observation text NOT NULL DEFAULT '',
        UNIQUE (order_id, position)
      )`);
    await q.query(`CREATE INDEX purchase_order_items_material_idx ON purchase_order_items (material_item_id)`);

    await q.query(`
      CREATE TABLE purchase_order_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
        from_status text,
        to_status text NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        user_name text NOT NULL,
        user_department text NOT NULL,
        review_comments text NOT NULL DEFAULT '',
        date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX purchase_order_history_order_idx ON purchase_order_history (order_id, date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE purchase_order_history, purchase_order_items, purchase_orders, purchase_order_number_counters, material_items`,
    );
  }
}
