import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '#server/config/config.module';
import type { MailMessage } from './mail-templates';

/** The SMTP transport (nodemailer), built from SMTP_URL; off when it is unset. */
@Injectable()
export class MailerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport: Transporter | null = null;

  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    const { SMTP_URL, MAIL_RATE_PER_SECOND } = this.config;
    if (!SMTP_URL) {
      this.logger.log('e-mail desativado: SMTP_URL não definido (nenhum e-mail será enviado)');
      return;
    }
    const url = new URL(SMTP_URL);
    // The address only: the URL may carry the SMTP password.
    this.logger.log(`e-mail ativo via ${url.protocol}//${url.host}, até ${MAIL_RATE_PER_SECOND} por segundo`);
  }

  async send(message: MailMessage): Promise<void> {
    await this.getTransport().sendMail(message);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  private getTransport(): Transporter {
    if (this.transport) return this.transport;
    const { SMTP_URL, MAIL_FROM } = this.config;
    // Not a failure of this e-mail: the worker's configuration differs from the server's. Retried.
    if (!SMTP_URL) throw new Error('E-mail desativado neste worker: SMTP_URL não definido');
    this.transport = createTransport(
      { url: SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
      { from: MAIL_FROM },
    );
    return this.transport;
  }
}
