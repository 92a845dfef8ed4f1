import { ConflictException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatNup, MAX_NUP_SEQUENCE } from './nup';

/**
 * Takes the next NUP number of the current year inside the caller's transaction. The upsert locks
 * the year's counter row until that transaction ends, so concurrent creations queue on it: numbers
 * are never duplicated, and a rolled-back creation gives its number back (no gaps). `unitCode`: the
 * configured PROTOCOL_UNIT_CODE.
 */
export async function nextProcessNumber(manager: EntityManager, unitCode: string, now = new Date()): Promise<string> {
  const year = now.getFullYear();
  const rows: { last_value: number }[] = await manager.query(
    `INSERT INTO process_number_counters (year, last_value) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_value = process_number_counters.last_value + 1
     RETURNING last_value`,
    [year],
  );
  const sequence = rows[0].last_value;
  if (sequence > MAX_NUP_SEQUENCE) {
    throw new ConflictException('A numeração de processos deste ano se esgotou.');
  }
  return formatNup(unitCode, sequence, year);
}
