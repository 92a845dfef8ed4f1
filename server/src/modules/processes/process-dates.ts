import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';

/**
 * Today as YYYY-MM-DD in the configured TIME_ZONE (what the city hall's users call today). Read
 * through loadEnv(): its caller is a class-validator decorator of a DTO, which runs outside Nest's
 * container and so cannot be handed AppConfig.
 */
export function todayIso(now = new Date()): string {
  return localIsoDate(now, loadEnv().TIME_ZONE);
}
