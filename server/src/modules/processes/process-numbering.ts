import { ConflictException } from '@nestjs/common';
import type { Tx } from '#server/database/transactions';
import type { ProcessesRepository } from '#server/repositories/processes.repository';
import { formatNup, MAX_NUP_SEQUENCE } from './nup';

/**
 * Takes the next NUP number of the current year inside the caller's transaction: the year's
 * counter stays locked until that transaction ends, so numbers are never duplicated and a
 * rolled-back creation gives its number back (no gaps). `unitCode`: the configured PROTOCOL_UNIT_CODE.
 */
export async function nextProcessNumber(
  processes: ProcessesRepository,
  manager: Tx,
  unitCode: string,
  now = new Date(),
): Promise<string> {
  const year = now.getFullYear();
  const sequence = await processes.takeNumber(year, manager);
  if (sequence > MAX_NUP_SEQUENCE) {
    throw new ConflictException('A numeração de processos deste ano se esgotou.');
  }
  return formatNup(unitCode, sequence, year);
}
