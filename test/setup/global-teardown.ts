import { dropDatabase } from './database';

export default async function globalTeardown(): Promise<void> {
  const admin = process.env.SEMGI_TEST_ADMIN_DATABASE_URL;
  const template = process.env.SEMGI_TEST_TEMPLATE_DATABASE;
  if (admin && template) await dropDatabase(admin, template);
  await globalThis.__SEMGI_TEST_SERVICES__?.stop();
}
