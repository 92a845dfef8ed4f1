import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audit log (docs/audit.md#chain): indexes matching the viewer's filters and sorts, the hash chain (seq,
 * prev_hash, hash filled by the worker's sealer), a guard trigger that refuses UPDATE, DELETE and
 * TRUNCATE of sealed rows, and the signed checkpoints.
 *
 * The trigger lets through only: sealing an unsealed row (seq/prev_hash/hash set, nothing else
 * changed) and, when the session set `semgi.audit_purge = 'on'` (the retention purge, right after
 * writing a signed checkpoint), deleting rows. No DELETE or TRUNCATE otherwise, sealed or not.
 * The content columns are listed one by one (cheaper than comparing whole-row JSON on every seal):
 * a migration adding a column to audit_logs must add it to this list and to the chain's hash.
 */
export class AuditChain1732900000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_logs ADD COLUMN seq bigint, ADD COLUMN prev_hash text, ADD COLUMN hash text`);
    await q.query(`CREATE UNIQUE INDEX audit_logs_seq_idx ON audit_logs (seq)`);
    await q.query(`CREATE INDEX audit_logs_unsealed_idx ON audit_logs (created_at, id) WHERE seq IS NULL`);

    await q.query(`DROP INDEX audit_logs_created_idx`);
    await q.query(`DROP INDEX audit_logs_username_idx`);
    await q.query(`CREATE INDEX audit_logs_created_idx ON audit_logs (created_at, id)`);
    await q.query(`CREATE INDEX audit_logs_status_idx ON audit_logs (status, created_at)`);
    await q.query(`CREATE INDEX audit_logs_entity_type_idx ON audit_logs (entity_type, created_at)`);
    await q.query(`CREATE INDEX audit_logs_entity_id_idx ON audit_logs (entity_id, created_at)`);
    await q.query(`CREATE INDEX audit_logs_user_id_idx ON audit_logs (user_id, created_at)`);
    await q.query(`CREATE INDEX audit_logs_department_idx ON audit_logs (user_department, created_at)`);
    await q.query(`CREATE INDEX audit_logs_username_idx ON audit_logs (lower(username) text_pattern_ops, created_at)`);
    await q.query(`CREATE INDEX audit_logs_username_sort_idx ON audit_logs (username, created_at)`);

    await q.query(`
      CREATE FUNCTION audit_logs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('semgi.audit_purge', true) = 'on' THEN
          RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
        END IF;
        IF TG_OP IN ('TRUNCATE', 'DELETE') THEN
          RAISE EXCEPTION 'audit_logs é somente inclusão: % recusado', TG_OP USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF OLD.seq IS NOT NULL THEN
          RAISE EXCEPTION 'registro de auditoria % selado: % recusado', OLD.seq, TG_OP
            USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF TG_OP = 'UPDATE' AND (NEW.id, NEW.created_at, NEW.action, NEW.entity_type, NEW.entity_id,
                                 NEW.description, NEW.user_id, NEW.username, NEW.user_department, NEW.status,
                                 NEW.ip_address, NEW.details)
                                IS DISTINCT FROM
                                (OLD.id, OLD.created_at, OLD.action, OLD.entity_type, OLD.entity_id,
                                 OLD.description, OLD.user_id, OLD.username, OLD.user_department, OLD.status,
                                 OLD.ip_address, OLD.details) THEN
          RAISE EXCEPTION 'registro de auditoria só pode receber o selo' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END $$`);
    await q.query(`CREATE TRIGGER audit_logs_guard BEFORE UPDATE OR DELETE ON audit_logs
                   FOR EACH ROW EXECUTE FUNCTION audit_logs_guard()`);
    await q.query(`CREATE TRIGGER audit_logs_guard_truncate BEFORE TRUNCATE ON audit_logs
                   FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_guard()`);

    await q.query(`
      CREATE TABLE audit_checkpoints (
        id bigserial PRIMARY KEY,
        seq bigint NOT NULL,
        hash text NOT NULL,
        reason text NOT NULL,
        key_id text NOT NULL,
        signature text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_checkpoints_seq_idx ON audit_checkpoints (seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_checkpoints`);
    await q.query(`DROP TRIGGER audit_logs_guard_truncate ON audit_logs`);
    await q.query(`DROP TRIGGER audit_logs_guard ON audit_logs`);
    await q.query(`DROP FUNCTION audit_logs_guard()`);
    for (const name of ['status', 'entity_type', 'entity_id', 'user_id', 'department', 'username', 'username_sort']) {
      await q.query(`DROP INDEX audit_logs_${name}_idx`);
    }
    await q.query(`DROP INDEX audit_logs_created_idx`);
    await q.query(`CREATE INDEX audit_logs_created_idx ON audit_logs (created_at DESC)`);
    await q.query(`CREATE INDEX audit_logs_username_idx ON audit_logs (username)`);
    await q.query(`DROP INDEX audit_logs_unsealed_idx`);
    await q.query(`DROP INDEX audit_logs_seq_idx`);
    await q.query(`ALTER TABLE audit_logs DROP COLUMN seq, DROP COLUMN prev_hash, DROP COLUMN hash`);
  }
}
