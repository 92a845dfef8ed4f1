import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The active admins (UsersRepository.activeAdminIds) are read by the relay for every process and
 * purchase-order event (admins hear every update) and by the dashboard's pushes: with 50,000 users
 * that was a scan of the whole table, 48–98 ms per event inside the relay's serial work
 * (docs/notifications.md#delivery). A partial index holds just them.
 */
export class ActiveAdminsIndex1733760000001 implements MigrationInterface {
  name = 'ActiveAdminsIndex1733760000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_active_admins_idx ON users (id) WHERE role = 'admin' AND status = 'active'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_active_admins_idx`);
  }
}
