// The GSTR-1 JSON shape this shop writes, as a schema (docs/decisions/060 names the offline tool's version it
// follows). Objects are strict, so a misspelt or extra field fails; amounts are numbers with at most two decimals.
import { z } from 'zod';

const amount = z.number().refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'two decimals at most');
const rate = z.number().refine((n) => [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40].includes(n), 'a GST rate');
const gstin = z.string().regex(/^\d{2}[A-Z0-9]{10}[A-Z0-9]Z[A-Z0-9]$/);
const stateCode = z.string().regex(/^\d{2}$/);
const portalDate = z.string().regex(/^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/);
const docNumber = z.string().min(1).max(16);

const intraItem = z.strictObject({ rt: rate, txval: amount, camt: amount, samt: amount, csamt: amount });
const interItem = z.strictObject({ rt: rate, txval: amount, iamt: amount, csamt: amount });
const items = (detail: z.ZodType) => z.array(z.strictObject({ num: z.number().int().positive(), itm_det: detail })).min(1);

const hsnRow = z.strictObject({
  num: z.number().int().positive(),
  hsn_sc: z.string().regex(/^\d{4,8}$/),
  uqc: z.literal('NOS'),
  qty: z.number().int(),
  rt: rate,
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});

export const gstr1Schema = z.strictObject({
  gstin,
  fp: z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/),
  version: z.string(),
  hash: z.string(),
  b2b: z.array(
    z.strictObject({
      ctin: gstin,
      inv: z
        .array(
          z.strictObject({
            inum: docNumber,
            idt: portalDate,
            val: amount,
            pos: stateCode,
            rchrg: z.literal('N'),
            inv_typ: z.literal('R'),
            itms: items(z.union([intraItem, interItem])),
          }),
        )
        .min(1),
    }),
  ),
  b2cl: z.array(
    z.strictObject({
      pos: stateCode,
      inv: z.array(z.strictObject({ inum: docNumber, idt: portalDate, val: amount, itms: items(interItem) })).min(1),
    }),
  ),
  b2cs: z.array(
    z.union([
      z.strictObject({ sply_ty: z.literal('INTRA'), pos: stateCode, typ: z.literal('OE'), rt: rate, txval: amount, camt: amount, samt: amount, csamt: amount }),
      z.strictObject({ sply_ty: z.literal('INTER'), pos: stateCode, typ: z.literal('OE'), rt: rate, txval: amount, iamt: amount, csamt: amount }),
    ]),
  ),
  cdnr: z.array(
    z.strictObject({
      ctin: gstin,
      nt: z
        .array(
          z.strictObject({
            ntty: z.literal('C'),
            nt_num: docNumber,
            nt_dt: portalDate,
            pos: stateCode,
            val: amount,
            rchrg: z.literal('N'),
            inv_typ: z.literal('R'),
            itms: items(z.union([intraItem, interItem])),
          }),
        )
        .min(1),
    }),
  ),
  cdnur: z.array(
    z.strictObject({ ntty: z.literal('C'), nt_num: docNumber, nt_dt: portalDate, pos: stateCode, val: amount, typ: z.literal('B2CL'), itms: items(interItem) }),
  ),
  nil: z
    .strictObject({
      inv: z
        .array(
          z.strictObject({
            sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']),
            nil_amt: amount,
            expt_amt: amount,
            ngsup_amt: amount,
          }),
        )
        .min(1),
    })
    .optional(),
  hsn: z.strictObject({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }),
  doc_issue: z.strictObject({
    doc_det: z.array(
      z.strictObject({
        doc_num: z.union([z.literal(1), z.literal(5)]),
        doc_typ: z.string(),
        docs: z
          .array(
            z.strictObject({
              num: z.number().int().positive(),
              from: docNumber,
              to: docNumber,
              totnum: z.number().int().positive(),
              cancel: z.number().int().nonnegative(),
              net_issue: z.number().int().nonnegative(),
            }),
          )
          .min(1),
      }),
    ),
  }),
});
