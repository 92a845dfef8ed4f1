import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';

/** Today as YYYY-MM-DD in the configured TIME_ZONE (what the city hall's users call today). */
export function todayIso(now = new Date()): string {
  return localIsoDate(now, loadEnv().TIME_ZONE);
}
