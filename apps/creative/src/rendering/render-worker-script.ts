import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the render worker's script is. The build writes it beside main.js (`render-worker.js`, its
 * own webpack entry). Running from the TypeScript sources (Vitest, scripts) there is no such file and
 * a worker thread cannot load TypeScript, so the worker is bundled once per process with esbuild (a
 * development dependency, never loaded by the build) into the repository's `tmp/`.
 */
export function renderWorkerScript(): { path: string; cleanup(): void } {
  const built = join(__dirname, 'render-worker.js');
  if (existsSync(built)) return { path: built, cleanup: () => undefined };
  if (!__filename.endsWith('.ts')) throw new Error(`The render worker script is missing: ${built} (is the build complete?)`);
  return bundleFromSources();
}

function repoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tsconfig.base.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No tsconfig.base.json above ${from}`);
  }
}

function bundleFromSources(): { path: string; cleanup(): void } {
  const root = repoRoot(__dirname);
  const dir = join(root, 'tmp', 'creative-render-worker');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `render-worker-${process.pid}-${Date.now()}.cjs`);
  // Not a static import: the build must not see (or ship) esbuild.
  const esbuild = createRequire(join(root, 'package.json'))('esbuild') as { buildSync(options: Record<string, unknown>): unknown };
  esbuild.buildSync({
    entryPoints: [join(__dirname, 'render.worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.base.json'),
    outfile: `${out}.tmp`,
    logLevel: 'warning',
  });
  renameSync(`${out}.tmp`, out);
  return { path: out, cleanup: () => rmSync(out, { force: true }) };
}
