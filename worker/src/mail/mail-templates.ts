import type { Env } from '#server/config/env';
import type {
  LaiExtensionMailJob,
  NotificationMailJob,
  RequesterUpdateMailJob,
  TemporaryPasswordMailJob,
} from '#server/contracts/jobs';
import { publicTrackingNumberPath } from '#server/contracts/public-tracking';
import { daysText, shownDay } from '#server/domain/deadlines/deadline-changes';

/** One e-mail, ready for the transport: pt-BR, plain text and HTML with the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per job, so a receiving server can also spot a duplicate. */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The confidential-process e-mail says only this (and the link): no number, subject or names. */
export const CONFIDENTIAL_MAIL_TEXT = 'Há um processo sigiloso para você consultar no SEMGI.';
const FOOTER =
  'Você recebe este e-mail porque as notificações por e-mail estão ativadas em Configurações › Preferências.';
/** The requester asked for updates when the process was registered (docs/processes.md#updates-by-e-mail). */
const REQUESTER_FOOTER =
  'Você recebe este e-mail porque pediu atualizações por e-mail deste processo. Para deixar de recebê-las, fale com o setor que registrou o seu pedido.';

/** Public base of links in e-mails: PUBLIC_URL, else http://localhost:PORT (no request to ask). */
export function publicBaseUrl(config: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The footer of an e-mail to a LAI requester, who has no preferences to turn it off. */
const LAI_REQUESTER_FOOTER = 'Você recebe este e-mail porque é o requerente deste pedido na prefeitura.';

/** Paragraphs of plain text → the same e-mail as text and as escaped HTML; `footer` says why it came. */
export function compose(paragraphs: string[], link: { label: string; url: string } | null, footer = FOOTER) {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '—', footer].join('\n\n');
  const html = [
    '<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;font-size:14px;color:#1f2937">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    `<hr><p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { text, html };
}

/** The app link of a notification ('/semgi/…') made absolute on `baseUrl`; null for '#' (nothing to open). */
function absoluteLink(link: string, baseUrl: string): string | null {
  return link.startsWith('/') ? `${baseUrl}${link}` : null;
}

/** `baseUrl`: publicBaseUrl() of the configuration. */
export function notificationMail(job: NotificationMailJob, baseUrl: string): MailMessage {
  const url = absoluteLink(job.link, baseUrl);
  const greeting = `Olá, ${job.name}.`;
  const body = job.confidential
    ? compose([greeting, CONFIDENTIAL_MAIL_TEXT], url ? { label: 'Consultar no SEMGI', url } : null)
    : compose([greeting, job.message], url ? { label: 'Abrir no SEMGI', url } : null);
  return {
    to: job.to,
    subject: job.confidential ? 'SEMGI: processo sigiloso para consultar' : `SEMGI: ${job.title}`,
    ...body,
    messageId: `<notification-${job.notificationId}@semgi>`,
  };
}

/**
 * To an opted-in external requester (docs/processes.md#updates-by-e-mail): the number, the new
 * department or status, the date and the public tracking page; nothing else of the process.
 */
export function requesterUpdateMail(job: RequesterUpdateMailJob, baseUrl: string): MailMessage {
  const what =
    job.change === 'finalized'
      ? `O processo ${job.number} foi finalizado em ${job.date}.`
      : `O processo ${job.number} foi encaminhado para ${job.department} em ${job.date}.`;
  const body = compose(
    [
      `Olá, ${job.name}.`,
      what,
      `Situação: ${job.status}\nSetor atual: ${job.department}`,
      'Para acompanhar, informe o número do processo e o código de acesso do seu comprovante de protocolo.',
    ],
    { label: 'Consultar o processo', url: `${baseUrl}${publicTrackingNumberPath(job.number)}` },
    REQUESTER_FOOTER,
  );
  return {
    to: job.to,
    subject:
      job.change === 'finalized'
        ? `SEMGI: processo ${job.number} finalizado`
        : `SEMGI: processo ${job.number} atualizado`,
    ...body,
    messageId: `<requester-update-${job.eventId}@semgi>`,
  };
}

export function temporaryPasswordMail(job: TemporaryPasswordMailJob, jobId: string, baseUrl: string): MailMessage {
  const created = job.reason === 'created';
  const body = compose(
    [
      `Olá, ${job.name}.`,
      created
        ? 'Sua conta no SEMGI foi criada por um administrador.'
        : 'Sua senha no SEMGI foi redefinida por um administrador.',
      `Usuário: ${job.username}\nSenha temporária: ${job.tempPassword}`,
      'No primeiro acesso será obrigatório definir uma nova senha. Se você não esperava este e-mail, avise o administrador do sistema.',
    ],
    { label: 'Entrar no SEMGI', url: `${baseUrl}/semgi/login` },
  );
  return {
    to: job.to,
    subject: created ? 'SEMGI: sua conta foi criada' : 'SEMGI: sua senha foi redefinida',
    ...body,
    messageId: `<${jobId}@semgi>`,
  };
}

/**
 * The requester of an access-to-information request is told of the extension and its justification
 * (LAI art. 11, parágrafo 2º): the number, the days, the new due day and the justification, never the subject.
 */
export function laiExtensionMail(job: LaiExtensionMailJob, jobId: string, baseUrl: string): MailMessage {
  const body = compose(
    [
      `Olá, ${job.name}.`,
      `O prazo de resposta do seu pedido de acesso à informação nº ${job.processId} foi prorrogado por ${daysText(job.days, job.unit)}, como permite a Lei de Acesso à Informação (Lei 12.527/2011, art. 11, parágrafo 2º). O novo prazo vence em ${shownDay(job.due)}.`,
      `Justificativa: ${job.justification}`,
      'Acompanhe o pedido com o número e o código de acesso do seu comprovante de protocolo.',
    ],
    { label: 'Consultar o pedido', url: `${baseUrl}/semgi/consulta` },
    LAI_REQUESTER_FOOTER,
  );
  return {
    to: job.to,
    subject: `SEMGI: prazo do pedido de acesso à informação ${job.processId} prorrogado`,
    ...body,
    messageId: `<${jobId}@semgi>`,
  };
}
