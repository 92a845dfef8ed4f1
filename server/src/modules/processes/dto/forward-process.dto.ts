import { RequiredText, IgnoredActorFields } from '#server/common/validation/text-fields';
import { PROCESS_TEXT_MAX_LENGTH, type ForwardProcessRequest } from '#server/contracts/processes';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';

const REQUIRED = PROCESS_MESSAGES.forwardFieldsRequired;

export class ForwardProcessDto extends IgnoredActorFields implements ForwardProcessRequest {
  @RequiredText(120, REQUIRED)
  destinationDepartment: string;

  @RequiredText(PROCESS_TEXT_MAX_LENGTH, REQUIRED)
  comment: string;
}
