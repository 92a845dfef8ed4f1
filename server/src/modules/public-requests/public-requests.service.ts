import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  DEFAULT_RECEIVING_DEPARTMENT,
  formatCpf,
  PUBLIC_REQUEST_FILE_EXTENSIONS,
  PUBLIC_REQUEST_MAX_FILE_MB,
  PUBLIC_REQUEST_MAX_FILES,
  PUBLIC_REQUEST_MESSAGES as M,
  type PublicRequestResponse,
} from '#server/contracts/index';
import { consumeOrRefuse } from '#server/coordination/consume-limit';
import { RateLimits } from '#server/coordination/rate-limits';
import { Transactions } from '#server/database/transactions';
import { detectFileTypeOfFile } from '#server/domain/files/file-types';
import { maxUploadBytes } from '#server/domain/files/upload-limits';
import { ONLINE_FILING_USERNAME, PublicFilingRepository } from '#server/repositories/public-filing.repository';
import type { CreateProcessDto } from '../processes/dto/create-process.dto';
import { ProcessCommandsService } from '../processes/process-commands.service';
import type { PublicRequestFieldsDto } from './public-request-fields.dto';
import { EmailCodesService } from './email-codes.service';
import { ProofOfWorkService } from './proof-of-work.service';

/** Filings accepted per client address per hour (docs/processes.md#online-filing). */
export const FILINGS_PER_IP_PER_HOUR = 10;
/** Filings accepted per e-mail address per day. */
export const FILINGS_PER_EMAIL_PER_DAY = 10;

type Upload = Pick<Express.Multer.File, 'path' | 'originalname' | 'size'>;
const ALLOWED: ReadonlySet<string> = new Set(PUBLIC_REQUEST_FILE_EXTENSIONS);

/**
 * A citizen's request filed online (docs/processes.md#online-filing): every check runs before anything
 * is stored (limits, proof of work, attachments, e-mail code); then the staff's creation path makes
 * the process in the receiving department with the citizen as external requester, and mails the receipt.
 */
@Injectable()
export class PublicRequestsService {
  private readonly perAddress: RateLimiterStoreAbstract;
  private readonly perEmail: RateLimiterStoreAbstract;

  constructor(
    private readonly proofOfWork: ProofOfWorkService,
    private readonly emailCodes: EmailCodesService,
    private readonly settings: PublicFilingRepository,
    private readonly transactions: Transactions,
    private readonly commands: ProcessCommandsService,
    limits: RateLimits,
  ) {
    this.perAddress = limits.limiter({ name: 'filing-ip', points: FILINGS_PER_IP_PER_HOUR, duration: 3600 });
    this.perEmail = limits.limiter({ name: 'filing-email', points: FILINGS_PER_EMAIL_PER_DAY, duration: 86_400 });
  }

  async file(fields: PublicRequestFieldsDto, uploads: Upload[], meta: RequestMeta): Promise<PublicRequestResponse> {
    const refused = (seconds: number) => `Muitas solicitações enviadas. Aguarde ${seconds} segundos e tente novamente.`;
    await consumeOrRefuse(this.perAddress, meta.ipAddress ?? 'unknown', refused);
    await this.proofOfWork.spend(fields.altcha);
    await assertAttachments(uploads);
    await this.emailCodes.check(fields.email, fields.emailCode);
    await consumeOrRefuse(this.perEmail, fields.email, refused);
    const actor = await this.filingActor();
    const view = await this.commands.create(
      actor,
      creationInput(fields, actor.department),
      { withProtocol: true, online: true },
      uploads,
      meta,
    );
    await this.emailCodes.spend(fields.email);
    return { number: view.id, code: view.accessCode ?? '' };
  }

  /** The online-filing account, in the receiving department (the default one is created on first use). */
  private async filingActor(): Promise<AuthUser> {
    return this.transactions.run(async (tx) => {
      const chosen = await this.settings.chosenDepartment(tx);
      if (!chosen) await this.settings.ensureDefaultDepartment(tx);
      const department = chosen ?? DEFAULT_RECEIVING_DEPARTMENT;
      const id = await this.settings.filingAccount(department, tx);
      return {
        id,
        username: ONLINE_FILING_USERNAME,
        name: 'Solicitação online',
        email: '',
        department,
        role: 'operator',
        level: 'Funcionário',
        mustChangePassword: false,
        sessionFamilyId: '',
      };
    });
  }
}

/** 400/413/415 for more than PUBLIC_REQUEST_MAX_FILES files, a large one, or content other than PDF, JPEG or PNG. */
async function assertAttachments(uploads: Upload[]): Promise<void> {
  if (uploads.length > PUBLIC_REQUEST_MAX_FILES) throw new BadRequestException(M.tooManyFiles);
  if (uploads.some((upload) => upload.size > maxUploadBytes(PUBLIC_REQUEST_MAX_FILE_MB))) {
    throw new PayloadTooLargeException(M.fileTooLarge);
  }
  for (const upload of uploads) {
    const type = await detectFileTypeOfFile(upload.path, upload.originalname);
    if (!type || !ALLOWED.has(type.ext)) throw new UnsupportedMediaTypeException(M.fileType);
  }
}

/** The staff's creation payload for a filing: the citizen as new external requester, an external protocol. */
function creationInput(fields: PublicRequestFieldsDto, department: string): CreateProcessDto {
  return {
    subject: fields.subject,
    description: fields.description,
    destinationDepartment: department,
    confidential: false,
    confidentialAccess: [],
    isNewRequester: true,
    requester: { name: fields.name, document: formatCpf(fields.cpf), phone: fields.phone, email: fields.email },
    protocolData: { type: 'external', status: 'pending', priority: 'normal', dueDate: null },
  };
}
