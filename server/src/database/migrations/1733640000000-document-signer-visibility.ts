import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The documents a user sees are gathered from each reason they may see them (created, signer, access
 * list, department: domain/documents/document-visibility.ts); the signer reason reads the signing
 * flows by user, for any state (the existing index is of pending steps only).
 */
export class DocumentSignerVisibility1733640000000 implements MigrationInterface {
  name = 'DocumentSignerVisibility1733640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX document_signing_flow_user_idx ON document_signing_flow (user_id, document_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX document_signing_flow_user_idx`);
  }
}
