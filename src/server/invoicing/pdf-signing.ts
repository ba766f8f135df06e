// PAdES signatures on invoices and credit notes (DESIGN.md §8.2): a CAdES detached signature (SubFilter
// ETSI.CAdES.detached, with the signing-certificate-v2 attribute PAdES asks for) over the PDF's byte ranges, by the
// key and certificate of the PKCS#12 file named in INVOICE_SIGNING_P12. @signpdf fills the placeholder that
// invoice-pdf.ts draws into the document; node-forge reads the .p12; Node's crypto makes the RSA signature.
import { createHash, createPrivateKey, sign as rsaSign, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type forgeModule from 'node-forge';

type Forge = typeof forgeModule;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

/** Room for the signature in the file (written twice as many hex digits): a chain of four 4096-bit certificates fits. */
export const SIGNATURE_BYTES = 8_192;

/** What the signature dictionary says besides the signature: shown by PDF readers in their signature panel. */
export interface SignatureFields {
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
}

export interface DocumentSigner {
  /** The certificate's subject (its common name), who the readers say signed. */
  readonly signerName: string;
  /** Signs a PDF drawn with a signature placeholder (invoice-pdf.ts), returning the finished file. */
  sign(pdf: Buffer): Promise<Buffer>;
}

export class SigningSetupError extends Error {}

interface Identity {
  key: KeyObject;
  /** DER of the signer's certificate, then of the rest of the chain the .p12 holds. */
  certificates: Buffer[];
  signerName: string;
  issuerAndSerial: forgeModule.asn1.Asn1[];
}

function readIdentity(forge: Forge, p12: Buffer, password: string): Identity {
  const { asn1, pki, pkcs12 } = forge;
  let store: forgeModule.pkcs12.Pkcs12Pfx;
  try {
    store = pkcs12.pkcs12FromAsn1(asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  } catch (error) {
    throw new SigningSetupError(`INVOICE_SIGNING_P12 could not be opened with INVOICE_SIGNING_PASSWORD: ${(error as Error).message}`);
  }
  const bags = (type: string) => store.getBags({ bagType: type })[type] ?? [];
  const keyBag = bags(pki.oids.pkcs8ShroudedKeyBag as string)[0] ?? bags(pki.oids.keyBag as string)[0];
  const privateKey = keyBag?.key as forgeModule.pki.rsa.PrivateKey | undefined;
  if (!privateKey) throw new SigningSetupError('INVOICE_SIGNING_P12 holds no private key (export the certificate with its key).');
  const certs: forgeModule.pki.Certificate[] = bags(pki.oids.certBag as string).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const own = certs.find((c: forgeModule.pki.Certificate) => {
    const pub = c.publicKey as forgeModule.pki.rsa.PublicKey;
    return pub.n?.compareTo(privateKey.n) === 0 && pub.e?.compareTo(privateKey.e) === 0;
  });
  if (!own) throw new SigningSetupError('INVOICE_SIGNING_P12 holds no certificate for its key (an RSA document-signing certificate is needed).');
  const der = (c: forgeModule.pki.Certificate) => Buffer.from(asn1.toDer(pki.certificateToAsn1(c)).getBytes(), 'binary');
  const tbs = (pki.certificateToAsn1(own).value as forgeModule.asn1.Asn1[])[0]?.value as forgeModule.asn1.Asn1[];
  // TBSCertificate: [0] version, serialNumber, signature, issuer, …
  const offset = tbs[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return {
    key: createPrivateKey(pki.privateKeyToPem(privateKey)),
    certificates: [der(own), ...certs.filter((c) => c !== own).map(der)],
    signerName: String(own.subject.getField('CN')?.value ?? 'Document signer'),
    issuerAndSerial: [tbs[offset + 2] as forgeModule.asn1.Asn1, tbs[offset] as forgeModule.asn1.Asn1],
  };
}

/** The CMS SignedData (RFC 5652) of a CAdES-BES detached signature over `content`. */
function cadesSignature(forge: Forge, identity: Identity, content: Buffer): Buffer {
  const { asn1 } = forge;
  const { UNIVERSAL, CONTEXT_SPECIFIC } = asn1.Class;
  const T = asn1.Type;
  const seq = (items: forgeModule.asn1.Asn1[]) => asn1.create(UNIVERSAL, T.SEQUENCE, true, items);
  const set = (items: forgeModule.asn1.Asn1[]) => asn1.create(UNIVERSAL, T.SET, true, items);
  const oid = (id: string) => asn1.create(UNIVERSAL, T.OID, false, asn1.oidToDer(id).getBytes());
  const octets = (bytes: Buffer) => asn1.create(UNIVERSAL, T.OCTETSTRING, false, bytes.toString('binary'));
  const int = (n: number) => asn1.create(UNIVERSAL, T.INTEGER, false, asn1.integerToDer(n).getBytes());
  const fromDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  const toDer = (node: forgeModule.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
  const [issuer, serial] = identity.issuerAndSerial as [forgeModule.asn1.Asn1, forgeModule.asn1.Asn1];
  const signerCert = identity.certificates[0] as Buffer;

  const attribute = (type: string, value: forgeModule.asn1.Asn1) => seq([oid(type), set([value])]);
  // ESSCertIDv2 with SHA-256 (the default algorithm, so left out) and the issuer and serial of the certificate.
  const essCertId = seq([octets(sha256(signerCert)), seq([seq([asn1.create(CONTEXT_SPECIFIC, 4, true, [issuer])]), serial])]);
  // DER orders a SET OF by the encodings of its members.
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    attribute(OID.signingCertificateV2, seq([seq([essCertId])])),
  ].sort((a, b) => Buffer.compare(toDer(a), toDer(b)));
  const signature = rsaSign('sha256', toDer(set(attributes)), identity.key);

  const sha256Algorithm = seq([oid(OID.sha256)]);
  const signerInfo = seq([
    int(1),
    seq([issuer, serial]),
    sha256Algorithm,
    asn1.create(CONTEXT_SPECIFIC, 0, true, attributes),
    seq([oid(OID.rsaEncryption), asn1.create(UNIVERSAL, T.NULL, false, '')]),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([sha256Algorithm]),
    seq([oid(OID.data)]),
    asn1.create(CONTEXT_SPECIFIC, 0, true, identity.certificates.map(fromDer)),
    set([signerInfo]),
  ]);
  return toDer(seq([oid(OID.signedData), asn1.create(CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/**
 * The shop's document signer, or null when INVOICE_SIGNING_P12 is not set. Reads and opens the file now, so a wrong
 * path or password stops the start with a message instead of failing the first invoice.
 */
export async function loadDocumentSigner(config: { INVOICE_SIGNING_P12?: string | undefined; INVOICE_SIGNING_PASSWORD?: string | undefined }): Promise<DocumentSigner | null> {
  if (!config.INVOICE_SIGNING_P12) return null;
  let p12: Buffer;
  try {
    p12 = await readFile(config.INVOICE_SIGNING_P12);
  } catch (error) {
    throw new SigningSetupError(`INVOICE_SIGNING_P12 (${config.INVOICE_SIGNING_P12}) cannot be read: ${(error as Error).message}`);
  }
  const [forge, { SignPdf }, { Signer }] = await Promise.all([
    import('node-forge').then((m) => (m.default ?? m) as Forge),
    import('@signpdf/signpdf'),
    import('@signpdf/utils'),
  ]);
  const identity = readIdentity(forge, p12, config.INVOICE_SIGNING_PASSWORD ?? '');
  class CadesSigner extends Signer {
    override async sign(content: Buffer): Promise<Buffer> {
      return cadesSignature(forge, identity, content);
    }
  }
  const signer = new CadesSigner();
  const signPdf = new SignPdf();
  return {
    signerName: identity.signerName,
    sign: (pdf) => signPdf.sign(pdf, signer),
  };
}
