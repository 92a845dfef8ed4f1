import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadEnv } from '#server/config/env';
import { useRunningEmbeddedDatabase } from '#server/config/local-services';
import { dataSourceOptions } from '#server/database/data-source-options';
import { verifyAuditChain } from '#server/domain/audit/audit-chain-verifier';
import { loadSigningKey } from '#server/domain/signing/signing-key';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';

/**
 * `npm run audit:verify`: walks the audit-log hash chain of DATABASE_URL and prints the report.
 * Exit code 0 when intact, 1 when a row was edited, deleted, inserted or swapped (the first one is
 * named), 2 when it could not run. Checkpoints come from the table and from STORAGE_DIR's copies.
 */
async function main(): Promise<number> {
  useRunningEmbeddedDatabase();
  const env = loadEnv();
  const dataSource = new DataSource(dataSourceOptions(env, 1));
  await dataSource.initialize();
  try {
    const report = await verifyAuditChain(
      new AuditChainRepository(dataSource).reader(),
      loadSigningKey(env),
      env.STORAGE_DIR,
    );
    const range =
      report.firstSeq === null ? 'nenhum registro selado' : `sequências ${report.firstSeq} a ${report.lastSeq}`;
    console.log(
      `Auditoria: ${report.checkedRows} registros verificados (${range}), ${report.checkpointsVerified} pontos de verificação assinados conferidos, ${report.unsealedRows} ainda não selados.`,
    );
    console.log(
      `Cauda sem ponto de verificação assinado: ${report.tailRows} registro(s) (podem ser alterados ou removidos sem deixar rastro até o próximo ponto, em cerca de 1 minuto).`,
    );
    if (report.break) {
      console.log(
        `CADEIA ROMPIDA (${report.break.kind}): ${report.break.message}${report.break.id ? ` [id ${report.break.id}]` : ''}`,
      );
      return 1;
    }
    console.log('Cadeia íntegra.');
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
