import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built files worth compressing: text. Images, fonts and source maps are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves next to nothing (the server's JSON threshold is the same). */
export const MIN_COMPRESS_BYTES = 1024;

export type Compressed = { file: string; bytes: number; brotli: number; gzip: number };

/** Brotli at its best quality, as the file is compressed once at build and served many times. */
const brotliBytes = (data: Buffer) =>
  brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
const gzipBytes = (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION });

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (recursively) of at least
 * MIN_COMPRESS_BYTES, when smaller than the file. @fastify/static (preCompressed) serves them by the
 * request's Accept-Encoding (apps/server/src/lib/web-app.ts).
 */
export async function precompressDir(dir: string): Promise<Compressed[]> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file): Promise<Compressed> => {
      const full = path.join(dir, file);
      const data = await readFile(full);
      if (data.length < MIN_COMPRESS_BYTES)
        return { file, bytes: data.length, brotli: data.length, gzip: data.length };
      const [br, gz] = await Promise.all([brotliBytes(data), gzipBytes(data)]);
      if (br.length < data.length) await writeFile(`${full}.br`, br);
      if (gz.length < data.length) await writeFile(`${full}.gz`, gz);
      return {
        file,
        bytes: data.length,
        brotli: Math.min(br.length, data.length),
        gzip: Math.min(gz.length, data.length),
      };
    }),
  );
}
