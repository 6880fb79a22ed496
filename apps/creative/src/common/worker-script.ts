import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where a worker thread's script is. The build writes each beside main.js (`<name>.js`, its own
 * webpack entry; see webpack.config.js). Running from the TypeScript sources (Jest, scripts) there is
 * no such file and a worker thread cannot load TypeScript, so `source` (relative to `src/`) is
 * bundled with esbuild (a development dependency, never loaded by the build) into the repository's
 * `tmp/`.
 */
export function workerScript(name: string, source: string): string {
  const built = join(__dirname, `${name}.js`);
  if (existsSync(built)) return built;
  if (!__filename.endsWith('.ts')) throw new Error(`The worker script is missing: ${built} (is the build complete?)`);
  return bundleFromSources(name, join(__dirname, '..', source));
}

/** The render pool's worker (piscina): `rendering/render.worker.ts`. */
export const renderWorkerScript = () => workerScript('render-worker', 'rendering/render.worker.ts');

/** The thread a video renders in: `videos/video.worker.ts`. */
export const videoWorkerScript = () => workerScript('video-worker', 'videos/video.worker.ts');

function repoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tsconfig.base.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No tsconfig.base.json above ${from}`);
  }
}

function bundleFromSources(name: string, entry: string): string {
  const root = repoRoot(__dirname);
  // Not a static import: the build must not see (or ship) esbuild.
  const esbuild = createRequire(join(root, 'package.json'))('esbuild') as {
    buildSync(options: Record<string, unknown>): { outputFiles: { contents: Uint8Array }[] };
  };
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [entry],
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
  const dir = join(root, 'tmp', `creative-${name}`);
  const path = join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.cjs`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, path);
  }
  return path;
}
