import { resetEnvCache } from '#server/config/env';
import type { ServerSuiteOptions } from './server-suite';
import type { TestSmtpServer } from './smtp-server';

/**
 * The `before`/`after` of a server suite (useServerSuite) whose worker e-mails through `smtp`: starts
 * it and points SMTP_URL at it (with MAIL_FROM and a 250 ms MAIL_RETRY_BASE_MS, plus `env`) before
 * anything boots; stops it and puts the environment back afterwards.
 */
export function smtpSuite(
  smtp: TestSmtpServer,
  env: Record<string, string> = {},
): Required<Pick<ServerSuiteOptions, 'before' | 'after'>> {
  const names = ['SMTP_URL', 'MAIL_FROM', 'MAIL_RETRY_BASE_MS', ...Object.keys(env)];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  return {
    before: async () => {
      await smtp.start();
      Object.assign(process.env, {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'SEMGI Teste <semgi@prefeitura.test>',
        MAIL_RETRY_BASE_MS: '250',
        ...env,
      });
      resetEnvCache();
    },
    after: async () => {
      await smtp.stop();
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      resetEnvCache();
    },
  };
}
