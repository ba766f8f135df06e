// pdfkit, with fontkit and the Unicode tables it unpacks as it loads, is slow to import: a large part of the shop's
// whole start-up. Only invoice and credit-note PDFs need it, so it is never imported before
// the shop answers /readyz; it loads on first use, or earlier, once the shop is up and idle (preloadPdfKit).
import type PDFKit from 'pdfkit';
import type { FastifyBaseLogger } from 'fastify';
import type { LoadMonitor } from '../http/load-monitor';

export type PdfDocumentClass = typeof PDFKit;

let loading: Promise<PdfDocumentClass> | undefined;

/** The PDFDocument class, imported once; a failed import is tried again on the next call. */
export function loadPdfKit(): Promise<PdfDocumentClass> {
  loading ??= import('pdfkit').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether anything has asked for pdfkit yet (for tests of when it is loaded). */
export function pdfKitRequested(): boolean {
  return loading !== undefined;
}

export interface PreloadOptions {
  monitor: LoadMonitor;
  log: FastifyBaseLogger;
  /** First look after this long, so readiness probes and the first requests are not held behind the import. */
  delayMs?: number;
  /** Between looks while the shop is busy. */
  recheckMs?: number;
  /** Loaded by then even if the shop stays busy, so the first invoice never pays for it. */
  maxWaitMs?: number;
}

/**
 * Imports pdfkit in the background once the shop has been up `delayMs` and its event loop is not busy. Nothing
 * depends on it having run: renderDocumentPdf awaits loadPdfKit itself. Returns a function that cancels it.
 */
export function preloadPdfKit(options: PreloadOptions): () => void {
  const delayMs = options.delayMs ?? 1_000;
  const recheckMs = options.recheckMs ?? 250;
  const giveUpWaitingAt = Date.now() + (options.maxWaitMs ?? 10_000);
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    if (options.monitor.busy() && Date.now() < giveUpWaitingAt) {
      timer = setTimeout(look, recheckMs).unref();
      return;
    }
    loadPdfKit().catch((err: unknown) => options.log.warn({ err }, 'pdfkit could not be loaded ahead of the first invoice'));
  };
  timer = setTimeout(look, delayMs).unref();
  return () => clearTimeout(timer);
}
