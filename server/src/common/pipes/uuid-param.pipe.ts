import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A malformed id cannot name anything: answer 404 with the resource's own message. */
export const uuidParam = (notFoundMessage: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFoundMessage) });
