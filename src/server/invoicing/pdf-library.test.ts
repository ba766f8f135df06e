import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Counts imports of pdfkit itself. The factory runs on the first import in this file only (vi.resetModules does not
// reset mocks), so the first test, which looks at it, must stay first; the others follow pdfKitRequested per fresh
// copy of pdf-library.
const probe = vi.hoisted(() => ({ imports: 0 }));
vi.mock('pdfkit', async (importOriginal) => {
  probe.imports += 1;
  return importOriginal();
});

const quietLog = { warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('pdfkit is loaded after start-up, not before /readyz', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('building the app (routes, mail attachments) does not import pdfkit; the first PDF does', async () => {
    await import('../app');
    const pdf = await import('./pdf-library');
    expect(probe.imports).toBe(0);
    expect(pdf.pdfKitRequested()).toBe(false);

    const PDFDocument = await pdf.loadPdfKit();
    expect(probe.imports).toBe(1);
    expect(new PDFDocument({ size: 'A4' }).page.width).toBeCloseTo(595.28);
    await pdf.loadPdfKit();
    expect(probe.imports).toBe(1);
  });

  it('the background preload waits for the delay and for an idle event loop, but not past maxWaitMs', async () => {
    vi.useFakeTimers();
    const pdf = await import('./pdf-library');
    let busy = true;
    pdf.preloadPdfKit({ monitor: { busy: () => busy }, log: quietLog, delayMs: 1_000, recheckMs: 250, maxWaitMs: 60_000 });

    await vi.advanceTimersByTimeAsync(999);
    expect(pdf.pdfKitRequested()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pdf.pdfKitRequested()).toBe(false);
    busy = false;
    await vi.advanceTimersByTimeAsync(250);
    expect(pdf.pdfKitRequested()).toBe(true);
  });

  it('a shop that stays busy still gets pdfkit once maxWaitMs has passed', async () => {
    vi.useFakeTimers();
    const pdf = await import('./pdf-library');
    pdf.preloadPdfKit({ monitor: { busy: () => true }, log: quietLog, delayMs: 1_000, recheckMs: 250, maxWaitMs: 3_000 });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(pdf.pdfKitRequested()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(pdf.pdfKitRequested()).toBe(true);
  });

  it('a preload cancelled when the shop closes never imports pdfkit', async () => {
    vi.useFakeTimers();
    const pdf = await import('./pdf-library');
    const cancel = pdf.preloadPdfKit({ monitor: { busy: () => false }, log: quietLog, delayMs: 1_000 });
    cancel();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(pdf.pdfKitRequested()).toBe(false);
  });
});
