import { appPath, notificationLabel, relativeTime } from './notification-format';

describe('notification formatting', () => {
  const now = new Date('2026-03-10T12:00:00-03:00');

  it('shows minutes under an hour, hours under a day, then the pt-BR date', () => {
    expect(relativeTime('2026-03-10T11:55:00-03:00', now)).toBe('5 min atrás');
    expect(relativeTime('2026-03-10T12:00:00-03:00', now)).toBe('0 min atrás');
    expect(relativeTime('2026-03-10T09:30:00-03:00', now)).toBe('2 h atrás');
    expect(relativeTime('2026-03-08T09:30:00-03:00', now)).toBe('08/03/2026');
    expect(relativeTime('não é data', now)).toBe('Data não disponível');
  });

  it('labels known types and falls back to Notificação', () => {
    expect(notificationLabel('process')).toBe('Processo');
    expect(notificationLabel('task')).toBe('Tarefa');
    expect(notificationLabel('outro')).toBe('Notificação');
  });

  it('turns links into in-app paths and ignores #', () => {
    expect(appPath('/semgi/process-details/10001.000001%2F2026-11')).toBe('/process-details/10001.000001%2F2026-11');
    expect(appPath('#')).toBeNull();
    expect(appPath('')).toBeNull();
  });
});
