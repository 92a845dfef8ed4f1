import { planLocalServices, type LocalServicesFacts } from './local-services';

const bare: LocalServicesFacts = {
  databaseUrlSet: false,
  redisUrlSet: false,
  postgresAnswers: false,
  redisAnswers: false,
  redisServerInstalled: false,
};

describe('planLocalServices', () => {
  it('starts an embedded PostgreSQL only when nothing answers and DATABASE_URL is unset', () => {
    expect(planLocalServices(bare).postgres).toBe('embedded');
    expect(planLocalServices({ ...bare, postgresAnswers: true }).postgres).toBe('running');
    expect(planLocalServices({ ...bare, databaseUrlSet: true }).postgres).toBe('configured');
    expect(planLocalServices({ ...bare, databaseUrlSet: true, postgresAnswers: true }).postgres).toBe('configured');
  });

  it('starts the installed redis-server only when nothing answers and REDIS_URL is unset', () => {
    expect(planLocalServices({ ...bare, redisServerInstalled: true }).redis).toBe('local-binary');
    expect(planLocalServices({ ...bare, redisServerInstalled: true, redisAnswers: true }).redis).toBe('running');
    expect(planLocalServices({ ...bare, redisServerInstalled: true, redisUrlSet: true }).redis).toBe('configured');
  });

  it('reports Redis missing when it neither answers nor is installed nor configured', () => {
    expect(planLocalServices(bare).redis).toBe('missing');
    expect(planLocalServices({ ...bare, redisUrlSet: true }).redis).toBe('configured');
  });

  it('decides PostgreSQL and Redis independently', () => {
    expect(planLocalServices({ ...bare, postgresAnswers: true, redisServerInstalled: true })).toEqual({
      postgres: 'running',
      redis: 'local-binary',
    });
  });
});
