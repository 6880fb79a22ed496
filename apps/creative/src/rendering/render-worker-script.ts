import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the render worker's script is. The build writes it beside main.js (`render-worker.js`, its
 * own webpack entry). Running from the TypeScript sources (Vitest, scripts) there is no such file and
 * a worker thread cannot load TypeScript, so the worker is bundled with esbuild (a development
 * dependency, never loaded by the build) into the repository's `tmp/`.
 */
export function renderWorkerScript(): string {
  const built = join(__dirname, 'render-worker.js');
  if (existsSync(built)) return built;
  if (!__filename.endsWith('.ts')) throw new Error(`The render worker script is missing: ${built} (is the build complete?)`);
  return bundleFromSources();
}

function repoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tsconfig.base.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No tsconfig.base.json above ${from}`);
  }
}

function bundleFromSources(): string {
  const root = repoRoot(__dirname);
  // Not a static import: the build must not see (or ship) esbuild.
  const esbuild = createRequire(join(root, 'package.json'))('esbuild') as { buildSync(options: Record<string, unknown>): { outputFiles: { contents: Uint8Array }[] } };
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [join(__dirname, 'render.worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.base.json'),
    write: false,
    logLevel: 'warning',
  });
  const code = outputFiles[0].contents;
  // Named by content: processes running the same sources share one file, which is never removed
  // while a worker of another test process may still load it.
  const dir = join(root, 'tmp', 'creative-render-worker');
  const path = join(dir, `render-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, path);
  }
  return path;
}
