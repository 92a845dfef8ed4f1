import { processEvent } from '#test/factories/notifications';
import type { RelayedEvent } from '../outbox/outbox-handler';
import { publicBaseUrl, requesterUpdateMail } from './mail-templates';
import { mailDateTime, requesterUpdateMailJob } from './requester-update-mails';

const base = processEvent({
  processId: '10001.000012/2026-34',
  subject: 'Reforma da <escola>',
  currentDepartment: 'Obras',
  actorName: 'Rui Lima',
});
const forwarded: RelayedEvent = {
  id: '77',
  type: 'process.forwarded',
  createdAt: '2026-03-20T17:05:00.000Z',
  payload: { ...base, fromDepartment: 'Protocolo', toDepartment: 'Obras', comment: 'Parecer interno' },
};
const finalized: RelayedEvent = { id: '78', type: 'process.finalized', createdAt: forwarded.createdAt, payload: base };
const options = { timeZone: 'America/Sao_Paulo', retryBaseMs: 30_000 };
const recipient = { name: 'Ana <Cidadã>', email: 'ana@cidadao.test' };

describe('updates by e-mail to the external requester (docs/processes.md#updates-by-e-mail)', () => {
  it('writes the date in pt-BR in the configured time zone', () => {
    expect(mailDateTime('2026-03-20T17:05:00.000Z', 'America/Sao_Paulo')).toBe('20/03/2026 às 14:05');
    expect(mailDateTime('2026-03-21T02:30:00.000Z', 'America/Sao_Paulo')).toBe('20/03/2026 às 23:30');
  });

  it('keys the job on the outbox event and carries only the public facts of the change', () => {
    if (forwarded.type !== 'process.forwarded' || finalized.type !== 'process.finalized') throw new Error('tipo');
    const job = requesterUpdateMailJob(forwarded, recipient, options);
    expect(job.options).toMatchObject({ jobId: 'requester-update-77', removeOnComplete: true });
    expect(job.payload).toEqual({
      eventId: '77',
      to: 'ana@cidadao.test',
      name: 'Ana <Cidadã>',
      number: '10001.000012/2026-34',
      change: 'forwarded',
      status: 'Em andamento',
      department: 'Obras',
      date: '20/03/2026 às 14:05',
    });
    expect(requesterUpdateMailJob(finalized, recipient, options).payload).toMatchObject({
      change: 'finalized',
      status: 'Concluído',
      department: 'Obras',
    });
  });

  it('e-mails the number, status, department, date and tracking link, HTML escaped', () => {
    if (forwarded.type !== 'process.forwarded') throw new Error('tipo');
    const baseUrl = publicBaseUrl({ PUBLIC_URL: 'https://semgi.prefeitura.gov.br/', PORT: 3005 });
    const mail = requesterUpdateMail(requesterUpdateMailJob(forwarded, recipient, options).payload, baseUrl);
    expect(mail.subject).toBe('SEMGI: processo 10001.000012/2026-34 atualizado');
    expect(mail.messageId).toBe('<requester-update-77@semgi>');
    expect(mail.text).toContain('O processo 10001.000012/2026-34 foi encaminhado para Obras em 20/03/2026 às 14:05.');
    expect(mail.text).toContain('Situação: Em andamento\nSetor atual: Obras');
    expect(mail.text).toContain('https://semgi.prefeitura.gov.br/semgi/consulta?numero=10001.000012%2F2026-34');
    expect(mail.html).toContain('Olá, Ana &lt;Cidadã&gt;.');
    for (const part of [mail.subject, mail.text, mail.html]) {
      for (const internal of ['Parecer', 'Rui Lima', 'escola', 'Notificações', 'Preferências']) {
        expect(part).not.toContain(internal);
      }
    }
  });
});
