// The reply-engine library, bundled from its TypeScript sources with the dialogue suite's helpers, for the scripts beside this
// file (run.mjs, score.mjs): esbuild writes one CommonJS file under tmp/bench-conversation/, which is then loaded.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const from = (path) => JSON.stringify(resolve(root, path));

/** Bundles the library (libs/conversation), the dialogue suite's helpers and entity's derivePersonality; returns the module. */
export async function loadConversationLibrary() {
  const outDir = resolve(root, 'tmp/bench-conversation');
  mkdirSync(outDir, { recursive: true });
  const outfile = resolve(outDir, 'engine.cjs');
  await build({
    stdin: {
      contents: [
        `export * from ${from('libs/conversation/src/index.ts')};`,
        `export { allDialogues, planTurns, checkReply, isChecked } from ${from('libs/conversation/src/testing/dialogues/index.ts')};`,
        `export { FROZEN_PARTS } from ${from('libs/conversation/src/testing/dialogues/score.ts')};`,
        `export { derivePersonality } from ${from('apps/entity/src/entities/personality.ts')};`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: resolve(root, 'tsconfig.base.json'),
    outfile,
    logLevel: 'error',
  });
  return createRequire(import.meta.url)(outfile);
}
