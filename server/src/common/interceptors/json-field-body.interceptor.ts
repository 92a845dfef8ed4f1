import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  mixin,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body that may arrive as JSON or as multipart with the JSON payload in text field `field`:
 * the payload becomes the request body, so `@Body()` and the validation pipe see one shape.
 * Runs after the upload interceptor (list it second). Not an object: 400 'Dados inválidos.'.
 */
export function JsonFieldBody(field: string, invalidJsonMessage: string): Type<NestInterceptor> {
  class JsonFieldBodyInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const request = context.switchToHttp().getRequest<Request>();
      const body: unknown = request.body;
      if (isRecord(body) && typeof body[field] === 'string') {
        request.body = parseObject(body[field], invalidJsonMessage);
      } else if (!isRecord(body)) {
        throw new BadRequestException('Dados inválidos.');
      }
      return next.handle();
    }
  }
  return mixin(JsonFieldBodyInterceptor);
}

function parseObject(text: string, message: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestException(message);
  }
  if (!isRecord(parsed)) throw new BadRequestException(message);
  return parsed;
}
