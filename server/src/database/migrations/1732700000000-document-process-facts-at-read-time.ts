import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document no longer keeps a copy of its process's subject: the subject of a process that became
 * (or was) confidential leaked to everyone who could see the document. The subject and number are
 * now read from the process at read time, and only for viewers who may see that process.
 */
export class DocumentProcessFactsAtReadTime1732700000000 implements MigrationInterface {
  name = 'DocumentProcessFactsAtReadTime1732700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN process_name`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents ADD COLUMN process_name text`);
    await q.query(`UPDATE documents d SET process_name = p.subject FROM processes p WHERE p.id = d.process_id`);
  }
}
