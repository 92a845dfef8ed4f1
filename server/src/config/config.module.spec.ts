import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigModule } from './config.module';
import { resetEnvCache } from './env';

describe('ConfigModule', () => {
  const saved = process.env.MAX_UPLOAD_MB;
  afterEach(() => {
    if (saved === undefined) delete process.env.MAX_UPLOAD_MB;
    else process.env.MAX_UPLOAD_MB = saved;
    resetEnvCache();
  });

  const configOfNewApp = async () => {
    const app = await NestFactory.createApplicationContext(ConfigModule, { logger: false });
    try {
      return app.get(AppConfig);
    } finally {
      await app.close();
    }
  };

  it('provides the environment as it is when the app is created (tests change it, then reset the cache)', async () => {
    process.env.MAX_UPLOAD_MB = '3';
    resetEnvCache();
    expect((await configOfNewApp()).MAX_UPLOAD_MB).toBe(3);
    process.env.MAX_UPLOAD_MB = '7';
    resetEnvCache();
    expect((await configOfNewApp()).MAX_UPLOAD_MB).toBe(7);
  });
});
