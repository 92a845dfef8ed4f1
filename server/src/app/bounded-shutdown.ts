import { type INestApplicationContext, Logger } from '@nestjs/common';

/**
 * SIGTERM/SIGINT (or the loss of the parent's IPC channel) close the application (running jobs and requests finish, connections close) within
 * `timeoutMs`. Past that deadline, e.g. while Redis or PostgreSQL does not answer, the process says
 * so and exits, which drops whatever connection was still open.
 */
export function closeOnSignals(app: INestApplicationContext, timeoutMs: number): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} recebido: encerrando (prazo de ${timeoutMs} ms)`);
    const deadline = setTimeout(() => {
      logger.error(`encerramento não terminou em ${timeoutMs} ms: conexões derrubadas, saindo mesmo assim`);
      process.exit(1);
    }, timeoutMs);
    app.close().then(
      () => {
        clearTimeout(deadline);
        logger.log('encerrado');
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        logger.error({ err: error }, 'falha ao encerrar');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // Started by `npm start` with an IPC channel: when that supervisor dies without a word (SIGKILL),
  // the channel closes, and the process stops as on SIGTERM instead of holding the port and the jobs.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => onSignal('SIGTERM'));
  }
}
