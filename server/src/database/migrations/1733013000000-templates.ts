import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Templates (docs/templates.md#fields Template) and documents made from them. The organisational header and the
 * page format are jsonb (always read and written whole, never queried); the DOCX base is a stored
 * file referenced by its stored name. A document keeps its template link (null once the template
 * is deleted), the filled HTML it was rendered from, and the filled DOCX when the template has a base.
 */
export class Templates1733013000000 implements MigrationInterface {
  name = 'Templates1733013000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        content text NOT NULL,
        type text NOT NULL DEFAULT 'document' CHECK (type IN ('document', 'header', 'footer', 'section')),
        category text NOT NULL DEFAULT 'general'
          CHECK (category IN ('general', 'requisition', 'memo', 'contract', 'office', 'report')),
        is_public boolean NOT NULL DEFAULT false,
        document_format text NOT NULL DEFAULT 'html' CHECK (document_format IN ('html', 'docx', 'hybrid')),
        base_document text REFERENCES stored_files (stored_name) ON DELETE SET NULL,
        organization jsonb NOT NULL,
        formatting jsonb NOT NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX templates_department_idx ON templates (department, created_at DESC)`);
    await q.query(`CREATE INDEX templates_public_idx ON templates (created_at DESC) WHERE is_public`);
    await q.query(`CREATE INDEX templates_created_by_idx ON templates (created_by)`);
    await q.query(`CREATE INDEX templates_base_document_idx ON templates (base_document)`);

    await q.query(`
      ALTER TABLE documents
        ADD COLUMN template_id uuid REFERENCES templates (id) ON DELETE SET NULL,
        ADD COLUMN template_html text,
        ADD COLUMN docx_file_id uuid UNIQUE REFERENCES stored_files (id) ON DELETE RESTRICT`);
    await q.query(`CREATE INDEX documents_template_idx ON documents (template_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN docx_file_id, DROP COLUMN template_html, DROP COLUMN template_id`);
    await q.query(`DROP TABLE templates`);
  }
}
