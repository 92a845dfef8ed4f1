import {
  dayReminderTemplate,
  OVERDUE_LIST_LINK,
  overdueDigestContent,
  PENDING_SIGNATURES_LINK,
  signatureDigestContent,
  signatureReminderTemplate,
} from './reminder-texts';

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
    expect(dayReminderTemplate('before', 2, '2026-03-20').title).toBe('Prazo vence em 2 dias úteis');
    expect(dayReminderTemplate('before', 1, '2026-03-20').title).toBe('Prazo vence em 1 dia útil');
    expect(dayReminderTemplate('due-day', 0, '2026-03-20')).toEqual({
      kind: 'due-day',
      dueDate: '2026-03-20',
      businessDaysLeft: 0,
      type: 'process',
      title: 'Prazo vence hoje',
      link: '/semgi/process-details/%3$s',
      messages: {
        process: {
          open: 'O prazo do processo %1$s ("%2$s") vence hoje (20/03/2026).',
          confidential: 'O prazo do processo sigiloso %1$s vence hoje (20/03/2026).',
        },
        return: {
          open: 'O retorno programado do processo %1$s ("%2$s") vence hoje (20/03/2026).',
          confidential: 'O retorno programado do processo sigiloso %1$s vence hoje (20/03/2026).',
        },
      },
    });
  });

  it('says how many business days are left, and never puts the subject of a confidential process', () => {
    const { messages } = dayReminderTemplate('before', 3, '2026-03-20');
    expect(messages.return.open).toBe(
      'O retorno programado do processo %1$s ("%2$s") vence em 3 dias úteis, em 20/03/2026.',
    );
    expect(messages.process.confidential).toBe(
      'O prazo do processo sigiloso %1$s vence em 3 dias úteis, em 20/03/2026.',
    );
    expect(messages.return.confidential).not.toContain('%2$s');
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

  it('reminds a signature deadline by the document, a confidential one unnamed (docs/deadlines.md#signature-deadlines)', () => {
    expect(signatureReminderTemplate('before', 1, '2026-03-20')).toEqual({
      kind: 'before',
      dueDate: '2026-03-20',
      businessDaysLeft: 1,
      type: 'document',
      title: 'Prazo de assinatura vence em 1 dia útil',
      link: '/semgi/documents/%2$s',
      messages: {
        open: 'O prazo para assinar o documento "%1$s" vence em 1 dia útil, em 20/03/2026.',
        confidential: 'O prazo para assinar um documento sigiloso vence em 1 dia útil, em 20/03/2026.',
      },
    });
    expect(signatureReminderTemplate('due-day', 0, '2026-03-20').messages.open).toBe(
      'O prazo para assinar o documento "%1$s" vence hoje (20/03/2026).',
    );
    const expired = signatureReminderTemplate('expired', 0, '2026-03-23');
    expect(expired).toMatchObject({ type: 'alert', title: 'Prazo de assinatura vencido' });
    expect(expired.messages.confidential).toBe(
      'O prazo para assinar um documento sigiloso venceu em %3$s com assinaturas pendentes (%4$s de %5$s).',
    );
    for (const kind of ['before', 'due-day', 'expired'] as const) {
      expect(signatureReminderTemplate(kind, 2, '2026-03-20').messages.confidential).not.toContain('%1$s');
    }
  });

  it('digests the overdue signatures beside the deadlines, linking to the pending signatures', () => {
    const signature = { title: 'Contrato 7/2026', confidential: false, dueDate: '2026-03-20' };
    expect(signatureDigestContent(4, [signature, { ...signature, title: 'Segredo', confidential: true }])).toEqual({
      type: 'alert',
      title: 'Você tem 4 assinaturas com prazo vencido',
      message: '"Contrato 7/2026" (venceu em 20/03/2026); um documento sigiloso (venceu em 20/03/2026); e mais 2.',
      link: PENDING_SIGNATURES_LINK,
    });
    expect(signatureDigestContent(1, [signature]).title).toBe('Você tem 1 assinatura com prazo vencido');
  });
});
