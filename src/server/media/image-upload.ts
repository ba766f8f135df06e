import type { FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../domain/schemas/studio';
import { PRODUCT_IMAGES_MAX } from '../../domain/constants';
import type { Executor } from '../db/database';
import { HttpError, badRequest } from '../http/errors';
import { ImageRejectedError, storeImage } from './image-store';

/** Options for @fastify/multipart on the upload routes. */
export const UPLOAD_LIMITS = {
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  files: PRODUCT_IMAGES_MAX,
  fields: 10,
  parts: PRODUCT_IMAGES_MAX + 10,
} as const;

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

const MAX_MB = Math.round(IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024));

const tooLarge = (filename: string) =>
  new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `${filename ? `"${filename}" is` : 'The image is'} larger than ${MAX_MB} MB. Make it smaller and upload it again.`,
  );

/**
 * Reads every file of a multipart upload into memory (each at most 5 MB, so bounded), answering a clear
 * 413 for an oversized file and 415 when the request is not multipart at all.
 */
export async function readUploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send images as multipart/form-data, with each picture in a file field.',
    );
  }
  const files: UploadedFile[] = [];
  let current = '';
  try {
    for await (const part of request.files()) {
      current = part.filename;
      files.push({ filename: part.filename, data: await part.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(current);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Upload at most ${PRODUCT_IMAGES_MAX} images at a time.`);
    }
    if (code === 'FST_MP_PREMATURE_CLOSE' || (error instanceof Error && /multipart|boundary/i.test(error.message))) {
      throw badRequest('The upload was cut short or is not valid multipart data. Try again.');
    }
    throw error;
  }
  if (files.length === 0) throw badRequest('Choose a JPEG, PNG or WebP image to upload.');
  return files;
}

/** Stores one uploaded picture; anything sharp cannot read as JPEG, PNG or WebP is the client's 400. */
export async function storeUploadedImage(executor: Executor, file: UploadedFile): Promise<string> {
  try {
    return await storeImage(executor, file.data);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      const message = file.filename ? `"${file.filename}": ${error.message}` : error.message;
      throw badRequest(message, { image: message });
    }
    throw error;
  }
}
