import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Processes and everything hanging off them (docs/processes.md#fields): history, responses, attachments, the
 * confidential access list, external requesters, protocol records and the yearly NUP counter.
 *
 * A protocol row is the registration record of the incoming request a process was opened with
 * (type, status, priority, due date, subject); it shares the process id (1:1).
 *
 * `search_text` is the lower-cased, unaccented concatenation the free-text filter searches with a
 * trigram index (id, subject, current and origin department).
 */
export class Processes1732300000000 implements MigrationInterface {
  name = 'Processes1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    // unaccent() is only STABLE (its dictionary could change); the fixed-dictionary wrapper is
    // what generated columns and indexes need.
    await q.query(`
      CREATE FUNCTION semgi_search_normalize(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`);

    await q.query(`
      CREATE TABLE process_number_counters (
        year integer PRIMARY KEY CHECK (year BETWEEN 1900 AND 9999),
        last_value integer NOT NULL CHECK (last_value >= 0)
      )`);

    await q.query(`
      CREATE TABLE external_requesters (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) > 0),
        document text NOT NULL CHECK (length(btrim(document)) > 0),
        phone text NOT NULL,
        email text,
        department text,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (semgi_search_normalize(name || ' ' || document)) STORED
      )`);
    await q.query(
      `CREATE INDEX external_requesters_search_idx ON external_requesters USING gin (search_text gin_trgm_ops)`,
    );

    await q.query(`
      CREATE TABLE processes (
        id text PRIMARY KEY CHECK (id ~ '^[0-9]{5}\\.[0-9]{6}/[0-9]{4}-[0-9]{2}$'),
        subject text NOT NULL CHECK (length(btrim(subject)) > 0),
        description text NOT NULL,
        status text NOT NULL DEFAULT 'pendente'
          CHECK (status IN ('pendente', 'em andamento', 'concluído', 'cancelado')),
        current_department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        origin_department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        confidential boolean NOT NULL DEFAULT false,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        requester_user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
        requester_external_id uuid REFERENCES external_requesters (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_update timestamptz NOT NULL DEFAULT now(),
        search_text text GENERATED ALWAYS AS (
          semgi_search_normalize(id || ' ' || subject || ' ' || current_department || ' ' || origin_department)
        ) STORED,
        CHECK (requester_user_id IS NULL OR requester_external_id IS NULL)
      )`);
    // List: newest update first, optionally by status or current department (keyset-friendly).
    await q.query(`CREATE INDEX processes_last_update_idx ON processes (last_update DESC, id DESC)`);
    await q.query(`CREATE INDEX processes_status_idx ON processes (status, last_update DESC, id DESC)`);
    await q.query(
      `CREATE INDEX processes_current_department_idx ON processes (current_department, last_update DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX processes_origin_department_idx ON processes (origin_department)`);
    await q.query(`CREATE INDEX processes_created_at_idx ON processes (created_at DESC)`);
    await q.query(`CREATE INDEX processes_created_by_idx ON processes (created_by)`);
    await q.query(`CREATE INDEX processes_confidential_idx ON processes (id) WHERE confidential`);
    await q.query(`CREATE INDEX processes_requester_user_idx ON processes (requester_user_id)`);
    await q.query(`CREATE INDEX processes_requester_external_idx ON processes (requester_external_id)`);
    await q.query(`CREATE INDEX processes_search_idx ON processes USING gin (search_text gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE process_confidential_access (
        process_id text NOT NULL REFERENCES processes (id) ON UPDATE CASCADE ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (process_id, user_id)
      )`);
    await q.query(`CREATE INDEX process_confidential_access_user_idx ON process_confidential_access (user_id)`);

    // Departments in history are plain text: an entry records the names as they were.
    await q.query(`
      CREATE TABLE process_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        process_id text NOT NULL REFERENCES processes (id) ON UPDATE CASCADE ON DELETE CASCADE,
        date timestamptz NOT NULL DEFAULT now(),
        action text NOT NULL,
        from_department text,
        to_department text,
        comment text NOT NULL DEFAULT '',
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        user_name text,
        user_department text
      )`);
    await q.query(`CREATE INDEX process_history_process_idx ON process_history (process_id, date)`);

    await q.query(`
      CREATE TABLE process_responses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        process_id text NOT NULL REFERENCES processes (id) ON UPDATE CASCADE ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('response', 'final')),
        text text NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        user_name text,
        user_department text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX process_responses_process_idx ON process_responses (process_id, created_at)`);

    // The bytes and their metadata live in stored_files (file-storage module, owner_kind 'process').
    await q.query(`
      CREATE TABLE process_documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        process_id text NOT NULL REFERENCES processes (id) ON UPDATE CASCADE ON DELETE CASCADE,
        response_id uuid REFERENCES process_responses (id) ON DELETE SET NULL,
        stored_file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
        name text NOT NULL,
        size bigint NOT NULL CHECK (size >= 0),
        mime_type text NOT NULL,
        context text NOT NULL DEFAULT 'process' CHECK (context IN ('process', 'response')),
        uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
        uploaded_by_name text,
        uploaded_by_department text,
        upload_date timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX process_documents_process_idx ON process_documents (process_id, upload_date)`);
    await q.query(`CREATE UNIQUE INDEX process_documents_stored_file_key ON process_documents (stored_file_id)`);

    await q.query(`
      CREATE TABLE protocols (
        process_id text PRIMARY KEY REFERENCES processes (id) ON UPDATE CASCADE ON DELETE CASCADE,
        type text NOT NULL DEFAULT 'internal' CHECK (type IN ('internal', 'external')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in-progress', 'completed', 'canceled')),
        priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
        due_date date,
        subject text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX protocols_created_at_idx ON protocols (created_at DESC, process_id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE protocols, process_documents, process_responses, process_history, process_confidential_access,
        processes, external_requesters, process_number_counters`);
    await q.query(`DROP FUNCTION semgi_search_normalize(text)`);
  }
}
