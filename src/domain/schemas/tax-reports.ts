// The Tax reports screen's answer (GET /api/reports/summary), shared by the server and the admin screen.

export interface DocumentTotals {
  count: number;
  /** Rupees, to the paisa. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface TaxReportSummary {
  period: { fp: string; from: string; to: string; quarter: boolean };
  /** The period's documents carry a GSTIN (or, with none issued, the business details do). */
  registered: boolean;
  gstin: string;
  invoices: DocumentTotals;
  creditNotes: DocumentTotals;
  /** Invoices issued as bills of supply (before the shop had a GSTIN): in the register, not in GSTR-1. */
  billsOfSupply: number;
  /** How many documents each GSTR-1 table gets; `nilRated` counts the invoices with goods at 0% (table 8). */
  sections: { b2b: number; b2cl: number; b2cs: number; cdnr: number; cdnur: number; b2csNotes: number; nilRated: number };
}
