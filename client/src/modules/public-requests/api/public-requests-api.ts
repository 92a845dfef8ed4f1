import type { EmailCodeRequest, EmailCodeResponse, PublicFilingSettings, PublicRequestResponse } from '@contracts';
import type { Challenge } from 'altcha/lib';
import { http } from '@/lib/http';

/** docs/processes.md#online-filing: the citizens' filing, no session; and its admin setting. */
export const publicRequestsApi = {
  challenge: () => http.get<Challenge>('/public/challenge'),
  emailCode: (body: EmailCodeRequest) => http.post<EmailCodeResponse>('/public/email-codes', body),
  file: (form: FormData) => http.post<PublicRequestResponse>('/public/requests', form),
  settings: () => http.get<PublicFilingSettings>('/settings/public-filing'),
  saveSettings: (body: PublicFilingSettings) => http.put<PublicFilingSettings>('/settings/public-filing', body),
};

export const publicFilingKeys = {
  settings: ['public-filing-settings'] as const,
};
