import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

// Text is gathered to about this much before it is compressed: fewer, larger pushes.
const TEXT_CHUNK = 64 * 1024;

/**
 * A ZIP written to disk as its files are produced, one file at a time: what is in memory is the
 * piece being compressed and what the disk has not yet taken (the writer waits for it to drain).
 */
export class ZipFileWriter {
  readonly #out: WriteStream;
  readonly #zip: Zip;
  #failure: Error | null = null;

  constructor(path: string) {
    this.#out = createWriteStream(path);
    this.#out.on('error', (error) => (this.#failure ??= error));
    this.#zip = new Zip((error, chunk, final) => {
      if (error) {
        this.#failure ??= error;
        return;
      }
      this.#out.write(chunk);
      if (final) this.#out.end();
    });
  }

  async #drained(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#out.writableNeedDrain) await once(this.#out, 'drain');
  }

  /** A text file, compressed, from its pieces in order. */
  async text(name: string, pieces: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    this.#zip.add(file);
    const encoder = new TextEncoder();
    let pending = '';
    for await (const piece of pieces) {
      pending += piece;
      if (pending.length < TEXT_CHUNK) continue;
      file.push(encoder.encode(pending));
      pending = '';
      await this.#drained();
    }
    file.push(encoder.encode(pending), true);
    await this.#drained();
  }

  /** A file stored as it is (pictures are compressed already), from its chunks in order. */
  async binary(name: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const file = new ZipPassThrough(name);
    this.#zip.add(file);
    for await (const chunk of chunks) {
      file.push(chunk);
      await this.#drained();
    }
    file.push(new Uint8Array(0), true);
    await this.#drained();
  }

  /** Writes the directory at the end and closes the file; its size in bytes. */
  async finish(): Promise<number> {
    this.#zip.end();
    await finished(this.#out);
    if (this.#failure) throw this.#failure;
    return this.#out.bytesWritten;
  }

  /** Stops and closes the file, whatever state it is in; the caller removes it. */
  async abort(): Promise<void> {
    this.#zip.terminate();
    this.#out.destroy();
    await finished(this.#out).catch(() => undefined);
  }
}
