import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Document types and the minimum signature level each requires (docs/documents.md#types). Names are
 * unique whatever their case and accents (`semgi_search_normalize` is the immutable lower(unaccent())
 * of the processes migration). A type in use is deactivated, never deleted; documents made before
 * types existed keep none.
 */
export class DocumentTypes1733490000000 implements MigrationInterface {
  name = 'DocumentTypes1733490000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE document_types (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
        minimum_level text NOT NULL DEFAULT 'simple' CHECK (minimum_level IN ('simple', 'qualified')),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX document_types_name_key ON document_types (semgi_search_normalize(btrim(name)))`,
    );
    // Contracts and decrees bind the municipality: qualified by default (docs/documents.md#types).
    await q.query(`
      INSERT INTO document_types (name, minimum_level) VALUES
        ('Ofício', 'simple'), ('Memorando', 'simple'), ('Despacho', 'simple'), ('Portaria', 'simple'),
        ('Decreto', 'qualified'), ('Contrato', 'qualified'), ('Parecer', 'simple'),
        ('Requerimento', 'simple'), ('Certidão', 'simple'), ('Outro', 'simple')`);
    await q.query(`ALTER TABLE documents ADD COLUMN document_type_id uuid REFERENCES document_types (id)`);
    await q.query(`CREATE INDEX documents_document_type_idx ON documents (document_type_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN document_type_id`);
    await q.query(`DROP TABLE document_types`);
  }
}
