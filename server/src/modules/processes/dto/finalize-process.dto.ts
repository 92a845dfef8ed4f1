import { RequiredText, IgnoredActorFields } from '#server/common/validation/text-fields';
import { PROCESS_TEXT_MAX_LENGTH, type FinalizeProcessRequest } from '#server/contracts/processes';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';

export class FinalizeProcessDto extends IgnoredActorFields implements FinalizeProcessRequest {
  @RequiredText(PROCESS_TEXT_MAX_LENGTH, PROCESS_MESSAGES.finalNoteRequired)
  finalResponse: string;
}
