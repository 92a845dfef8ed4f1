import { type EmailCodeMailJob, publicTrackingPath, type ReceiptMailJob } from '#server/contracts/index';
import { renderReceipt } from '#server/domain/processes/receipt-pdf';
import { compose, type MailMessage } from './mail-templates';

/** Citizens have no account: their e-mails say why they came (docs/processes.md#online-filing). */
const CODE_FOOTER =
  'Você recebe este e-mail porque este endereço foi informado na solicitação online do SEMGI. Se não foi você, ignore-o.';
const RECEIPT_FOOTER = 'Você recebe este e-mail porque é o requerente deste processo no SEMGI.';

export function emailCodeMail(job: EmailCodeMailJob, jobId: string): MailMessage {
  const body = compose(
    [
      `Seu código de confirmação é: ${job.code}`,
      `Ele vale por ${job.minutes} minutos. Digite-o no formulário de solicitação online. Não o informe a ninguém.`,
    ],
    null,
    CODE_FOOTER,
  );
  return { to: job.to, subject: `SEMGI: código de confirmação ${job.code}`, ...body, messageId: `<${jobId}@semgi>` };
}

/** `baseUrl`: publicBaseUrl() of the configuration; `timeZone`: TIME_ZONE, for the printed date. */
export async function receiptMail(
  job: ReceiptMailJob,
  jobId: string,
  baseUrl: string,
  timeZone: string,
): Promise<MailMessage> {
  const trackingUrl = `${baseUrl}${publicTrackingPath(job.number, job.accessCode)}`;
  const pdf = await renderReceipt({ ...job, createdAt: new Date(job.createdAt), timeZone, trackingUrl });
  const body = compose(
    [
      `Olá, ${job.requesterName}.`,
      `Seu processo ${job.number} (${job.subject}) foi protocolado e enviado para ${job.receivingDepartment}.`,
      `Código de acesso: ${job.accessCode}\nCom o número e o código você acompanha o processo, sem cadastro. O comprovante de protocolo está em anexo.`,
    ],
    { label: 'Acompanhar o processo', url: trackingUrl },
    RECEIPT_FOOTER,
  );
  return {
    to: job.to,
    subject: `SEMGI: comprovante de protocolo ${job.number}`,
    ...body,
    messageId: `<${jobId}@semgi>`,
    attachments: [
      {
        filename: `comprovante-${job.number.replace(/[^0-9]/g, '')}.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}
