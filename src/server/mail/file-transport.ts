import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createMessageBuilder } from './mime';
import type { MailTransport } from './transport';

export interface FileTransportOptions {
  dir: string;
  /** At most this many .eml files are kept; the oldest go first. The outbox table stays the record of every mail. */
  maxFiles: number;
}

// A write of a few kilobytes to the page cache takes microseconds; through libuv's thread pool each of its open, write
// and close would cost a thread hand-off as well (several times the write itself on a small VM). So files are
// written synchronously, one after the other: a batch of 100 mails holds the event loop a few milliseconds.
const FILE_LANES = 1;
// While a folder left over-full by an earlier version empties, each mail removes this many of the oldest files.
const TRIM_PER_MAIL = 4;

/**
 * Every mail as an .eml file a person can open. File names sort oldest first: time, then the outbox id padded to a
 * fixed width (several mails share a millisecond), then the recipient. The folder is made and listed once, and
 * the names written since are kept in memory, so keeping only the newest `maxFiles` costs one unlink per mail
 * rather than a listing.
 */
export function createFileTransport(options: FileTransportOptions): MailTransport {
  const build = createMessageBuilder();
  const { dir } = options;
  const maxFiles = Math.max(1, options.maxFiles);
  // Oldest first; `head` is the first still on disk (shifting a 10,000-name array per mail would copy it each time).
  let names: string[] = [];
  let head = 0;
  let ready: Promise<void> | undefined;

  async function prepare(): Promise<void> {
    await mkdir(dir, { recursive: true });
    // Files of earlier runs count too; made before this listing, they are older than anything written from now on.
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
    head = 0;
  }

  function trim(): void {
    for (let removed = 0; names.length - head > maxFiles && removed < TRIM_PER_MAIL; removed += 1) {
      const oldest = names[head] as string;
      head += 1;
      try {
        unlinkSync(path.join(dir, oldest));
      } catch {
        // already gone (removed by hand): nothing to do
      }
    }
    if (head > 1024 && head * 2 > names.length) {
      names = names.slice(head);
      head = 0;
    }
  }

  return {
    kind: 'file',
    lanes: FILE_LANES,
    async send(message) {
      ready ??= prepare().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const { raw } = build(message);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // join() makes one flat string; a template literal leaves a tree of five joins over three pieces, several
      // times the heap per name, and tens of thousands of names are kept after a COD burst.
      const name = [stamp, String(message.id).padStart(12, '0'), `${safeTo}.eml`].join('-');
      const file = path.join(dir, name);
      try {
        writeFileSync(file, raw);
      } catch (error) {
        // Someone removed the folder while the shop ran: make it again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, raw);
      }
      names.push(name);
      trim();
    },
    close() {},
  };
}
