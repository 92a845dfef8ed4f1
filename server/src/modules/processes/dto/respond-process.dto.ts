import { RequiredText, IgnoredActorFields } from '#server/common/validation/text-fields';
import { PROCESS_TEXT_MAX_LENGTH, type RespondProcessRequest } from '#server/contracts/processes';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';

/** JSON, or the text fields of a multipart request whose files are under `attachments`. */
export class RespondProcessDto extends IgnoredActorFields implements RespondProcessRequest {
  @RequiredText(PROCESS_TEXT_MAX_LENGTH, PROCESS_MESSAGES.responseRequired, PROCESS_MESSAGES.responseTooLong)
  response: string;
}
