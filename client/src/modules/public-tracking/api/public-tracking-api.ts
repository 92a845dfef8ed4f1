import type { PublicTrackingRequest, PublicTrackingResponse } from '@contracts';
import { http } from '@/lib/http';

/** docs/processes.md#receipts-and-tracking: the citizens' look-up, no session. */
export const publicTrackingApi = {
  track: (body: PublicTrackingRequest) => http.post<PublicTrackingResponse>('/public/tracking', body),
};

export const publicTrackingKeys = {
  lookup: (number: string, code: string) => ['public-tracking', number, code] as const,
};
