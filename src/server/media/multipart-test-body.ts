// Test helper: a multipart/form-data body for app.inject, as a browser's FormData would send it.
import { randomBytes } from 'node:crypto';

export interface TestFilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export function multipartBody(files: TestFilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ghee${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
