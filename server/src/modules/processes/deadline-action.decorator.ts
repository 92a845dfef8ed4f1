import { HttpCode, Post } from '@nestjs/common';
import { Replies } from '#server/common/openapi/replies';
import { type ProcessMutationResponse, processMutationResponseSchema } from '#server/contracts/processes';

/**
 * The four deadline routes (docs/deadlines.md#how-the-actions-behave): `POST /processes/:id/<action>`,
 * 200 with `{message, process}` (a handler returning anything else does not compile, as with Replies).
 */
export const DeadlineAction =
  (action: 'deadline' | 'suspend' | 'resume' | 'extend') =>
  <M extends (...args: never[]) => Promise<ProcessMutationResponse>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ) => {
    Replies(processMutationResponseSchema)(target, key, descriptor);
    HttpCode(200)(target, key, descriptor);
    Post(`:id/${action}`)(target, key, descriptor);
  };
