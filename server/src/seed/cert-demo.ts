/**
 * `npm run cert:demo -- --user maria.silva --password 1234 --out ./data/certs`
 *
 * Creates (once, kept in --out) a local test CA and issues an A1 certificate (.p12) for a user of
 * the database, to try qualified signatures in demos and tests. These certificates are NOT
 * ICP-Brasil: their subject says so and no verifier trusts them (pdfsig reports the issuer as
 * untrusted).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { loadEnv } from '../config/env';
import { useRunningEmbeddedDatabase } from '#server/config/local-services';
import { dataSourceOptions } from '../database/data-source-options';
import { UserEntity } from '../database/entities';
import { createDemoCa, demoCaFromPem, demoCaToPem, issueDemoA1, NOT_ICP_BRASIL } from './demo-certificates';

async function main() {
  useRunningEmbeddedDatabase();
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      password: { type: 'string' },
      out: { type: 'string', default: './data/certs' },
      days: { type: 'string', default: '365' },
    },
  });
  if (!values.user || !values.password) {
    throw new Error(
      'Uso: npm run cert:demo -- --user <usuário> --password <senha do .p12> [--out ./data/certs] [--days 365]',
    );
  }
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error('--days deve ser um inteiro entre 1 e 3650.');

  const dataSource = new DataSource(dataSourceOptions(loadEnv(), 1));
  await dataSource.initialize();
  const user = await dataSource
    .getRepository(UserEntity)
    .findOneBy({ username: values.user.trim().toLowerCase() })
    .finally(() => dataSource.destroy());
  if (!user) throw new Error(`Usuário "${values.user}" não encontrado no banco de dados.`);

  const out = path.resolve(values.out);
  mkdirSync(out, { recursive: true, mode: 0o700 });
  const caCert = path.join(out, 'ac-semgi-teste.crt');
  const caKey = path.join(out, 'ac-semgi-teste.key');
  const ca =
    existsSync(caCert) && existsSync(caKey)
      ? demoCaFromPem(readFileSync(caCert, 'utf8'), readFileSync(caKey, 'utf8'))
      : createDemoCa();
  if (!existsSync(caKey)) {
    const pem = demoCaToPem(ca);
    writeFileSync(caCert, pem.certificate);
    writeFileSync(caKey, pem.privateKey, { mode: 0o600 });
  }
  const p12 = issueDemoA1(ca, {
    name: user.name,
    email: user.email,
    password: values.password,
    notAfter: new Date(Date.now() + days * 24 * 3600 * 1000),
  });
  const file = path.join(out, `${user.username}.p12`);
  writeFileSync(file, p12, { mode: 0o600 });
  process.stdout.write(
    [
      `Certificado A1 de teste criado: ${file}`,
      `  Titular: ${user.name} <${user.email}>`,
      `  AC de teste: ${caCert}`,
      `  Validade: ${days} dias`,
      `ATENÇÃO: ${NOT_ICP_BRASIL}. Use apenas para demonstrações e testes.`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
