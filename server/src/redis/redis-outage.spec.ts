import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { isRedisConnectionError, watchRedis } from './redis-outage';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

describe('the Redis outage log', () => {
  let warn: jest.SpyInstance;
  let log: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says once that Redis is down and once that it is back, whatever the retries and connections', () => {
    const a = watchRedis(new EventEmitter(), 'a');
    const b = watchRedis(new EventEmitter(), 'b');
    for (let retry = 0; retry < 10; retry++) {
      a.emit('reconnecting');
      a.emit('error', refused());
      b.emit('error', refused());
    }
    expect(warn).toHaveBeenCalledTimes(1);
    a.emit('ready');
    expect(log).not.toHaveBeenCalled();
    b.emit('ready');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Redis de volta: todas as conexões restabelecidas');

    a.emit('error', refused());
    expect(warn).toHaveBeenCalledTimes(2);
    a.emit('ready');
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('logs errors that are not about the connection as errors', () => {
    const client = watchRedis(new EventEmitter(), 'c');
    client.emit('error', new Error('OOM command not allowed'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('tells connection errors from the others', () => {
    expect(isRedisConnectionError(refused())).toBe(true);
    expect(isRedisConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisConnectionError(new Error('WRONGTYPE Operation against a key'))).toBe(false);
    expect(isRedisConnectionError(undefined)).toBe(false);
  });
});
