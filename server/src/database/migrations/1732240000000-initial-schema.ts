import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';

export class InitialSchema1732240000000 implements MigrationInterface {
  name = 'InitialSchema1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE departments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX departments_name_key ON departments (name)`);
    await q.query(`CREATE UNIQUE INDEX departments_name_ci_key ON departments (lower(name))`);

    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL UNIQUE CHECK (username = lower(username)),
        name text NOT NULL,
        display_name text,
        email text NOT NULL,
        phone text,
        department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        role text NOT NULL DEFAULT 'operator' CHECK (role IN ('admin', 'operator')),
        level text NOT NULL DEFAULT 'Funcionário' CHECK (level IN ('Funcionário', 'Chefia')),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
        avatar text,
        preferences jsonb NOT NULL DEFAULT '{"theme":"system","notifications":{"email":true,"system":true}}',
        password_hash text NOT NULL,
        must_change_password boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_department_idx ON users (department)`);
    await q.query(`CREATE UNIQUE INDEX users_email_ci_key ON users (lower(email))`);

    await q.query(`
      CREATE TABLE refresh_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        revoked_at timestamptz,
        user_agent text,
        ip_address text
      )`);
    await q.query(`CREATE INDEX refresh_sessions_user_idx ON refresh_sessions (user_id)`);
    await q.query(`CREATE INDEX refresh_sessions_family_idx ON refresh_sessions (family_id)`);

    await q.query(`
      CREATE TABLE audit_logs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now(),
        action text NOT NULL,
        entity_type text NOT NULL,
        entity_id text,
        description text NOT NULL,
        user_id uuid,
        username text,
        user_department text,
        status text NOT NULL DEFAULT 'success' CHECK (status IN ('success', 'error', 'warning', 'info')),
        ip_address text,
        details jsonb
      )`);
    await q.query(`CREATE INDEX audit_logs_created_idx ON audit_logs (created_at DESC)`);
    await q.query(`CREATE INDEX audit_logs_action_idx ON audit_logs (action, created_at DESC)`);
    await q.query(`CREATE INDEX audit_logs_entity_idx ON audit_logs (entity_type, entity_id)`);
    await q.query(`CREATE INDEX audit_logs_username_idx ON audit_logs (username)`);

    for (const name of DEFAULT_DEPARTMENTS) {
      await q.query(`INSERT INTO departments (name) VALUES ($1)`, [name]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_logs, refresh_sessions, users, departments`);
  }
}
