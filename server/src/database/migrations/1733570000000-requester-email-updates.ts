import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The external requester's opt-in to updates by e-mail (docs/processes.md#updates-by-e-mail): off
 * unless they asked for it, so every requester that existed stays off.
 */
export class RequesterEmailUpdates1733570000000 implements MigrationInterface {
  name = 'RequesterEmailUpdates1733570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE external_requesters ADD COLUMN email_updates boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE external_requesters DROP COLUMN email_updates`);
  }
}
