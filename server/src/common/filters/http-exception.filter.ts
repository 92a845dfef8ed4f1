import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import type { ApiError } from '#server/contracts/auth';
import { isDataException, isDatabaseUnavailable } from '#server/database/database-unavailable';

export const STATUS_TEXT: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Sessão expirada ou inválida. Faça login novamente.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Recurso não encontrado.',
  409: 'Conflito com o estado atual do registro.',
  413: 'Arquivo ou requisição grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde e tente novamente.',
};

/**
 * Every error leaves as `{statusCode, message, error}` with a pt-BR message. Unexpected errors are
 * logged with the request id and answered with a generic 500: no stack, no SQL.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: unknown }>();
    const body = this.toBody(exception, req);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request & { id?: unknown }): ApiError {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const raw = typeof response === 'string' ? response : (response as Partial<ApiError> & { message?: unknown });
      const rawMessage = typeof raw === 'string' ? raw : raw.message;
      const message =
        typeof rawMessage === 'string' && !isNestDefaultMessage(rawMessage)
          ? rawMessage
          : Array.isArray(rawMessage) && typeof rawMessage[0] === 'string'
            ? rawMessage[0]
            : (STATUS_TEXT[statusCode] ?? 'Erro ao processar a requisição.');
      const code = typeof raw === 'object' && typeof raw.code === 'string' ? raw.code : undefined;
      return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', ...(code ? { code } : {}) };
    }
    if (isDatabaseUnavailable(exception)) {
      // PostgreSQL is stopping, restarting or unreachable: nothing was committed, the pool
      // reconnects by itself, and the client may try again.
      this.logger.warn(
        { reqId: req.id, path: req.path, reason: errorMessage(exception) },
        'Banco de dados indisponível',
      );
      return {
        statusCode: 503,
        message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
        error: 'Service Unavailable',
      };
    }
    if (isDataException(exception)) {
      // A value PostgreSQL cannot take (out of range, malformed): the request's fault, not ours.
      this.logger.warn({ err: exception, reqId: req.id, path: req.path }, 'Valor recusado pelo banco de dados');
      return { statusCode: 400, message: 'Valor inválido na requisição.', error: 'Bad Request' };
    }
    this.logger.error({ err: exception, reqId: req.id, path: req.path }, 'Erro inesperado');
    return {
      statusCode: 500,
      message: 'Erro interno do servidor. Tente novamente em instantes.',
      error: 'Internal Server Error',
    };
  }
}

function errorMessage(exception: unknown): string {
  return exception instanceof Error ? exception.message : String(exception);
}

/** Nest's built-in English texts ("Forbidden resource", "Cannot GET /x") are replaced. */
function isNestDefaultMessage(message: string): boolean {
  return /^(Forbidden resource|Unauthorized|Not Found|Bad Request|Internal server error|Cannot (GET|POST|PUT|PATCH|DELETE) )/i.test(
    message,
  );
}
