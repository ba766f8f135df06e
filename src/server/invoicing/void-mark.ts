// The marks of a voided credit note (its refund failed at the gateway, docs/decisions/070 and 083). A printed copy
// travels without the shop's screens around it, so the page itself must say it is void: a notice under the heading
// that a reader meets before the figures, and a stamp across every page that no crop or skim can miss.
import type { PdfDocumentClass } from './pdf-library';

type Doc = InstanceType<PdfDocumentClass>;

const RED = '#b3261e';

export interface Box {
  x: number;
  y: number;
  width: number;
}

/** The notice's two sentences: when it was cancelled, and why it reduces no tax. */
export function voidNotice(date: string, invoiceNumber: string): { heading: string; body: string } {
  return {
    heading: `This credit note was cancelled on ${date} and is void.`,
    body:
      'The refund it recorded failed at the payment gateway, so no money went back with it. ' +
      `It credits nothing against invoice ${invoiceNumber} and reduces no tax; GSTR-1 counts it as a cancelled document.`,
  };
}

/** The notice in a red-edged box at `box`; answers where the content below it may start. */
export function drawVoidNotice(pdf: Doc, notice: { heading: string; body: string }, box: Box): number {
  const pad = 8;
  const inner = box.width - 2 * pad;
  pdf.font('bold').fontSize(10);
  const headingHeight = pdf.heightOfString(notice.heading, { width: inner });
  pdf.font('regular').fontSize(8.5);
  const height = pad + headingHeight + 2 + pdf.heightOfString(notice.body, { width: inner }) + pad;
  pdf.rect(box.x, box.y, box.width, height).lineWidth(1.2).fillAndStroke('#fdecea', RED);
  pdf.font('bold').fontSize(10).fillColor(RED).text(notice.heading, box.x + pad, box.y + pad, { width: inner });
  pdf.font('regular').fontSize(8.5).fillColor('#222').text(notice.body, box.x + pad, pdf.y + 2, { width: inner });
  return box.y + height + 10;
}

/**
 * "VOID" across the current page, corner to corner, in a rubber stamp's frame. Drawn over the content, so it is
 * translucent: the figures stay legible under it, as a stamped paper copy's would.
 */
export function drawVoidStamp(pdf: Doc, page: { width: number; height: number }) {
  const word = 'VOID';
  const size = 150;
  const cx = page.width / 2;
  const cy = page.height / 2;
  pdf.save();
  pdf.rotate(-Math.atan2(page.height, page.width) * (180 / Math.PI), { origin: [cx, cy] });
  pdf.font('bold').fontSize(size);
  const w = pdf.widthOfString(word);
  // Noto Sans Bold's capitals are 0.71 em tall and their top lies 0.36 em below the top of the line box pdfkit places.
  const capHeight = size * 0.71;
  pdf.roundedRect(cx - w / 2 - 24, cy - capHeight / 2 - 22, w + 48, capHeight + 44, 18).lineWidth(8).strokeOpacity(0.3).strokeColor(RED).stroke();
  pdf.fillColor(RED, 0.22).text(word, cx - w / 2, cy - size * 0.36 - capHeight / 2, { lineBreak: false });
  pdf.restore();
}
