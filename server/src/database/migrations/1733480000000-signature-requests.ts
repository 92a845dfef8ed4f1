import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signature requests (docs/documents.md#signature-requests): a document's signing flow becomes the
 * signers of a request (in order or together, with an optional deadline and message). Each signer
 * row has a state instead of a `signed` flag. Flows that existed become sequential requests of
 * their document's creator: open while someone has not signed, else completed.
 */
export class SignatureRequests1733480000000 implements MigrationInterface {
  name = 'SignatureRequests1733480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signature_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        requested_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        order_mode text NOT NULL CHECK (order_mode IN ('sequential', 'parallel')),
        deadline_due date,
        deadline_unit text CHECK (deadline_unit IN ('business', 'calendar')),
        message text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled', 'refused')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        CHECK ((deadline_due IS NULL) = (deadline_unit IS NULL)),
        CHECK ((status = 'open') = (closed_at IS NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX signature_requests_one_open_idx ON signature_requests (document_id) WHERE status = 'open'`,
    );
    await q.query(`CREATE INDEX signature_requests_document_idx ON signature_requests (document_id, created_at DESC)`);

    await q.query(`
      ALTER TABLE document_signing_flow
        ADD COLUMN request_id uuid REFERENCES signature_requests (id) ON DELETE CASCADE,
        ADD COLUMN state text,
        ADD COLUMN refusal_reason text,
        ADD COLUMN refused_at timestamptz`);
    await q.query(`
      INSERT INTO signature_requests (document_id, requested_by, order_mode, status, created_at, updated_at, closed_at)
      SELECT d.id, d.created_by, 'sequential', s.status, d.created_at, d.updated_at,
             CASE WHEN s.status = 'open' THEN NULL ELSE d.updated_at END
        FROM documents d
        CROSS JOIN LATERAL (
          SELECT CASE
                   WHEN bool_and(f.signed) OR d.status = 'signed' THEN 'completed'
                   WHEN d.status = 'rejected' THEN 'cancelled'
                   ELSE 'open'
                 END AS status
            FROM document_signing_flow f WHERE f.document_id = d.id
          HAVING count(*) > 0) s`);
    await q.query(`
      UPDATE document_signing_flow f
         SET request_id = r.id,
             state = CASE
                       WHEN f.signed THEN 'signed'
                       WHEN r.status = 'open' AND NOT EXISTS (
                         SELECT 1 FROM document_signing_flow p
                          WHERE p.document_id = f.document_id AND p.position < f.position AND NOT p.signed)
                         THEN 'pending'
                       ELSE 'waiting'
                     END
        FROM signature_requests r
       WHERE r.document_id = f.document_id`);
    await q.query(`DROP INDEX document_signing_flow_user_idx`);
    await q.query(`
      ALTER TABLE document_signing_flow
        DROP CONSTRAINT document_signing_flow_pkey,
        DROP CONSTRAINT document_signing_flow_document_id_user_id_key,
        DROP COLUMN signed,
        ALTER COLUMN request_id SET NOT NULL,
        ALTER COLUMN state SET NOT NULL,
        ADD PRIMARY KEY (request_id, position),
        ADD UNIQUE (request_id, user_id),
        ADD CHECK (state IN ('pending', 'waiting', 'signed', 'refused')),
        ADD CHECK ((state = 'signed') = (signed_at IS NOT NULL)),
        ADD CHECK ((state = 'refused') = (refusal_reason IS NOT NULL AND refused_at IS NOT NULL))`);
    await q.query(`CREATE INDEX document_signing_flow_document_idx ON document_signing_flow (document_id, user_id)`);
    await q.query(
      `CREATE INDEX document_signing_flow_pending_idx ON document_signing_flow (user_id) WHERE state = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to one flow per document: the latest request's signers.
    await q.query(`DROP INDEX document_signing_flow_pending_idx`);
    await q.query(`DROP INDEX document_signing_flow_document_idx`);
    await q.query(`
      DELETE FROM document_signing_flow f
       WHERE f.request_id <> (SELECT r.id FROM signature_requests r WHERE r.document_id = f.document_id
                               ORDER BY r.created_at DESC LIMIT 1)`);
    await q.query(`ALTER TABLE document_signing_flow ADD COLUMN signed boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE document_signing_flow SET signed = (state = 'signed')`);
    await q.query(`
      ALTER TABLE document_signing_flow
        DROP CONSTRAINT document_signing_flow_pkey,
        DROP CONSTRAINT document_signing_flow_request_id_user_id_key,
        DROP COLUMN request_id,
        DROP COLUMN state,
        DROP COLUMN refusal_reason,
        DROP COLUMN refused_at,
        ADD PRIMARY KEY (document_id, position),
        ADD UNIQUE (document_id, user_id)`);
    await q.query(`CREATE INDEX document_signing_flow_user_idx ON document_signing_flow (user_id) WHERE NOT signed`);
    await q.query(`DROP TABLE signature_requests`);
  }
}
