import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Standalone documents, their access lists, signing flow and signatures. Department access and
 * confidential access are join tables so that department renames cascade and deleted users drop out.
 */
export class Documents1732500000000 implements MigrationInterface {
  name = 'Documents1732500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        description text NOT NULL DEFAULT '',
        protocol_number text NOT NULL UNIQUE CHECK (protocol_number ~ '^DOC-[0-9]{4}-[1-9][0-9]{4}$'),
        status text NOT NULL DEFAULT 'draft'
          CHECK (status IN ('draft', 'submitted', 'approved', 'rejected', 'signed')),
        file_id uuid NOT NULL UNIQUE REFERENCES stored_files (id) ON DELETE RESTRICT,
        department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        confidential boolean NOT NULL DEFAULT false,
        process_id text,
        process_name text,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        verification_code text UNIQUE,
        signed_pdf_file_id uuid UNIQUE REFERENCES stored_files (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX documents_created_idx ON documents (created_at DESC)`);
    await q.query(`CREATE INDEX documents_created_by_idx ON documents (created_by)`);
    await q.query(`CREATE INDEX documents_process_idx ON documents (process_id)`);

    await q.query(`
      CREATE TABLE document_department_access (
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE CASCADE,
        PRIMARY KEY (document_id, department)
      )`);
    await q.query(`CREATE INDEX document_department_access_dept_idx ON document_department_access (department)`);

    await q.query(`
      CREATE TABLE document_confidential_access (
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (document_id, user_id)
      )`);
    await q.query(`CREATE INDEX document_confidential_access_user_idx ON document_confidential_access (user_id)`);

    await q.query(`
      CREATE TABLE document_signing_flow (
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        signed boolean NOT NULL DEFAULT false,
        signed_at timestamptz,
        PRIMARY KEY (document_id, position),
        UNIQUE (document_id, user_id),
        CHECK (signed = (signed_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX document_signing_flow_user_idx ON document_signing_flow (user_id) WHERE NOT signed`);

    await q.query(`
      CREATE TABLE document_signatures (
        id uuid PRIMARY KEY,
        document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        signer_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        signer_name text NOT NULL,
        signer_department text NOT NULL,
        signed_at timestamptz NOT NULL,
        signature_type text NOT NULL CHECK (signature_type IN ('simple', 'qualified')),
        certificate_type text NOT NULL CHECK (certificate_type IN ('password', 'certificate')),
        hash_algorithm text NOT NULL DEFAULT 'SHA-256',
        hash_value text NOT NULL CHECK (hash_value ~ '^[0-9a-f]{64}$'),
        signed_length bigint,
        certificate jsonb,
        server_key_id text NOT NULL,
        server_signature text NOT NULL,
        UNIQUE (document_id, signer_id),
        CHECK ((signature_type = 'qualified') = (signed_length IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX document_signatures_document_idx ON document_signatures (document_id, signed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE document_signatures`);
    await q.query(`DROP TABLE document_signing_flow`);
    await q.query(`DROP TABLE document_confidential_access`);
    await q.query(`DROP TABLE document_department_access`);
    await q.query(`DROP TABLE documents`);
  }
}
