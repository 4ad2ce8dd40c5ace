// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy next to every compressible
// file of the build, so the server sends compressed bytes without compressing per request
// (@fastify/static `preCompressed`). node:zlib only; files under 1 KB are not worth it.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

async function isNewer(candidate: string, than: string) {
  try {
    return (await stat(candidate)).mtimeMs >= (await stat(than)).mtimeMs;
  } catch {
    return false;
  }
}

export async function precompressDirectory(dir: string) {
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    // The second build (the landing page) writes into the same folder: files done already are skipped.
    if (await isNewer(`${file}.br`, file)) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    // A compressed copy larger than the original would only cost bytes.
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kurir-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
