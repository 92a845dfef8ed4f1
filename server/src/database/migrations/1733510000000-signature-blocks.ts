import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signature blocks (docs/documents.md#signature-blocks): a named set of documents sent to the same
 * signers, who sign them all at once. `signature_block_results` holds one row per document and
 * signer: the outcome of that signer's last attempt, and the row the sign call locks so that two
 * calls at once sign each document once.
 */
export class SignatureBlocks1733510000000 implements MigrationInterface {
  name = 'SignatureBlocks1733510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signature_blocks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX signature_blocks_created_by_idx ON signature_blocks (created_by, created_at DESC)`);
    await q.query(`
      CREATE TABLE signature_block_signers (
        block_id uuid NOT NULL REFERENCES signature_blocks (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        position integer NOT NULL CHECK (position >= 0),
        PRIMARY KEY (block_id, user_id),
        UNIQUE (block_id, position)
      )`);
    await q.query(`CREATE INDEX signature_block_signers_user_idx ON signature_block_signers (user_id)`);
    await q.query(`
      CREATE TABLE signature_block_documents (
        block_id uuid NOT NULL REFERENCES signature_blocks (id) ON DELETE CASCADE,
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        PRIMARY KEY (block_id, document_id),
        UNIQUE (block_id, position)
      )`);
    await q.query(`CREATE INDEX signature_block_documents_document_idx ON signature_block_documents (document_id)`);
    await q.query(`
      CREATE TABLE signature_block_results (
        block_id uuid NOT NULL,
        document_id uuid NOT NULL,
        user_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'signed', 'failed')),
        reason text,
        signed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (block_id, document_id, user_id),
        FOREIGN KEY (block_id, document_id) REFERENCES signature_block_documents (block_id, document_id) ON DELETE CASCADE,
        FOREIGN KEY (block_id, user_id) REFERENCES signature_block_signers (block_id, user_id) ON DELETE CASCADE,
        CHECK ((state = 'signed') = (signed_at IS NOT NULL)),
        CHECK ((state = 'failed') = (reason IS NOT NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signature_block_results`);
    await q.query(`DROP TABLE signature_block_documents`);
    await q.query(`DROP TABLE signature_block_signers`);
    await q.query(`DROP TABLE signature_blocks`);
  }
}
