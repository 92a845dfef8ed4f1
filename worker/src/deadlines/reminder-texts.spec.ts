import { dayReminderContent, OVERDUE_LIST_LINK, overdueDigestContent } from './reminder-texts';

const deadline = {
  deadlineKind: 'process' as const,
  processId: '00001.000123/2026-45',
  subject: 'Pavimentação da Rua A',
  confidential: false,
  dueDate: '2026-03-20',
};
const secret = { ...deadline, processId: '00001.000124/2026-18', subject: 'Sindicância', confidential: true };

describe('deadline reminder texts (docs/deadlines.md#reminders)', () => {
  it('counts business days in the title, singular and plural', () => {
    expect(dayReminderContent('before', 2, deadline).title).toBe('Prazo vence em 2 dias úteis');
    expect(dayReminderContent('before', 1, deadline).title).toBe('Prazo vence em 1 dia útil');
    expect(dayReminderContent('due-day', 0, deadline)).toEqual({
      type: 'process',
      title: 'Prazo vence hoje',
      message: 'O prazo do processo 00001.000123/2026-45 ("Pavimentação da Rua A") vence hoje (20/03/2026).',
      link: '/semgi/process-details/00001.000123%2F2026-45',
    });
  });

  it('names a return deadline as such, and a confidential process without its subject', () => {
    expect(dayReminderContent('before', 3, { ...deadline, deadlineKind: 'return' }).message).toBe(
      'O retorno programado do processo 00001.000123/2026-45 ("Pavimentação da Rua A") vence em 3 dias úteis, em 20/03/2026.',
    );
    const confidential = dayReminderContent('due-day', 0, secret);
    expect(confidential.message).toBe('O prazo do processo sigiloso 00001.000124/2026-18 vence hoje (20/03/2026).');
    expect(JSON.stringify(confidential)).not.toContain('Sindicância');
  });

  it('digests the count and the first ones, a confidential one with neither number nor subject', () => {
    expect(overdueDigestContent(1, [deadline]).title).toBe('Você tem 1 prazo vencido');
    const digest = overdueDigestContent(7, [deadline, secret, deadline]);
    expect(digest).toEqual({
      type: 'alert',
      title: 'Você tem 7 prazos vencidos',
      message:
        '00001.000123/2026-45 ("Pavimentação da Rua A", venceu em 20/03/2026); um processo sigiloso (venceu em 20/03/2026); ' +
        '00001.000123/2026-45 ("Pavimentação da Rua A", venceu em 20/03/2026); e mais 4.',
      link: OVERDUE_LIST_LINK,
    });
    expect(digest.message).not.toContain(secret.processId);
  });
});
