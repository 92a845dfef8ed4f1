import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { JsonFieldBody } from '#server/common/interceptors/json-field-body.interceptor';
import { UploadFiles } from '../files/upload-interceptors';

/**
 * POST /processes and POST /protocol: a JSON CreateProcessRequest, or multipart with that JSON in
 * field `data` and files under `attachments`. Multer reads the request first, then the payload
 * becomes the body that the validation pipe checks against CreateProcessDto.
 */
export const CreationPayload = () =>
  applyDecorators(UploadFiles('attachments'), UseInterceptors(JsonFieldBody('data', PROCESS_MESSAGES.payloadNotJson)));
