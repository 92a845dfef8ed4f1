import { REPORT_MESSAGES, type ReportFilters, type ReportsByType, type ReportType } from '@contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { reportsApi } from '../api/reports-api';

/** A generated report: its type, payload (a discriminated union for the views) and filters. */
export type ReportResult = {
  [T in ReportType]: { type: T; data: ReportsByType[T]; filters: ReportFilters };
}[ReportType];

/**
 * docs/reports.md#screen Report: no result → loading → shown. A failure keeps the previous result and sets the
 * banner text; changing the type clears the result.
 */
export function useReportGenerator() {
  const [result, setResult] = useState<ReportResult | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ type, filters }: { type: ReportType; filters: ReportFilters }) =>
      ({ type, filters, data: await reportsApi.generate(type, filters) }) as ReportResult,
    onSuccess: setResult,
  });
  return {
    result,
    isGenerating: mutation.isPending,
    error: mutation.isError ? errorMessage(mutation.error, REPORT_MESSAGES.generateFailed) : null,
    generate: (type: ReportType, filters: ReportFilters) => mutation.mutate({ type, filters }),
    dismissError: () => mutation.reset(),
    clear: () => {
      mutation.reset();
      setResult(null);
    },
  };
}
