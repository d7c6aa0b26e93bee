import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Files on local disk under DATA_DIR/files. Keys are relative paths we generate, never user input. */
export class Storage {
  constructor(private root: string) {}

  private path(key: string) {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(normalize(this.root) + sep)) throw new Error('bad storage key');
    return p;
  }

  async put(key: string, data: Buffer) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data);
    return key;
  }

  get(key: string) {
    return readFile(this.path(key));
  }

  /** A stream to write a large file (an export) without holding it in memory. */
  async writeStream(key: string): Promise<WriteStream> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    return createWriteStream(p);
  }

  /** Streams a stored file to a reader (downloads), never whole in memory. */
  readStream(key: string): ReadStream {
    return createReadStream(this.path(key));
  }

  async size(key: string) {
    return (await stat(this.path(key))).size;
  }

  async exists(key: string) {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string) {
    await rm(this.path(key), { force: true });
  }
}
