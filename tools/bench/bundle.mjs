// The benchmarks' one way to load our TypeScript libraries: esbuild bundles an entry's exports into one CommonJS file (the
// module system the apps are built for), written where the caller says. render/, video/ and conversation/ use it.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/**
 * Bundles `contents` (TypeScript `export … from` lines, resolved from the repository's root) into `outfile`.
 * `packages: 'external'` leaves npm packages to be required at run time (native ones, such as Skia, must be).
 */
export async function bundleLibrary({ contents, outfile, packages, logLevel = 'error' }) {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: resolve(root, 'tsconfig.base.json'),
    ...(packages ? { packages } : {}),
    outfile,
    logLevel,
  });
  return outfile;
}
