import { createZodDto } from 'nestjs-zod';
import { createProcessSchema } from '#server/contracts/processes';
import { MAX_FILES_PER_REQUEST } from '#server/domain/files/upload-limits';
import { todayIso } from '../process-dates';

/**
 * The creation payload of docs/processes.md#fields, as JSON or as the JSON text of multipart field
 * `data` (see JsonFieldBody); the due date may not be before today in the configured TIME_ZONE.
 */
export class CreateProcessDto extends createZodDto(createProcessSchema(() => todayIso(), MAX_FILES_PER_REQUEST)) {}
