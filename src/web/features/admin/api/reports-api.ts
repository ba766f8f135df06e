import { useQuery } from '@tanstack/react-query';
import type { TaxReportSummary } from '../../../../domain/schemas/tax-reports';
import { api } from '../../../lib/api-client';
import { downloadFile } from './admin-http';

/** A month (MMYYYY), or a quarter named by its last month. */
export interface ReportChoice {
  period: string;
  quarter: boolean;
}

const query = (c: ReportChoice) => `period=${c.period}${c.quarter ? '&quarter=1' : ''}`;

export function useTaxSummary(choice: ReportChoice, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'tax-reports', choice.period, choice.quarter],
    queryFn: () => api.get<TaxReportSummary>(`/api/reports/summary?${query(choice)}`),
    enabled,
  });
}

export const downloadGstr1 = (c: ReportChoice) => downloadFile(`/api/reports/gstr1?${query(c)}`, `GSTR1-${c.period}.json`, 'application/json');
export const downloadHsnSummary = (c: ReportChoice) => downloadFile(`/api/reports/hsn-summary.csv?${query(c)}`, `hsn-summary-${c.period}.csv`);
export const downloadSalesRegister = (from: string, to: string) =>
  downloadFile(`/api/reports/sales-register.csv?from=${from}&to=${to}`, `sales-register-${from}-to-${to}.csv`);
