// The reply-engine library, bundled from its TypeScript sources with the dialogue suite's helpers, for the scripts beside this
// file (run.mjs, score.mjs): one CommonJS file under tmp/bench-conversation/ (../bundle.mjs), which is then loaded.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { bundleLibrary, root } from '../bundle.mjs';

const from = (path) => JSON.stringify(resolve(root, path));

/** Bundles the library (libs/conversation), the dialogue suite's helpers and entity's derivePersonality; returns the module. */
export async function loadConversationLibrary() {
  const outfile = await bundleLibrary({
    contents: [
      `export * from ${from('libs/conversation/src/index.ts')};`,
      `export { allDialogues, planTurns, checkReply, isChecked } from ${from('libs/conversation/src/testing/dialogues/index.ts')};`,
      `export { HIDDEN_PARTS } from ${from('libs/conversation/src/testing/dialogues/score.ts')};`,
      `export { derivePersonality } from ${from('apps/entity/src/entities/personality.ts')};`,
    ].join('\n'),
    outfile: resolve(root, 'tmp/bench-conversation/engine.cjs'),
  });
  return createRequire(import.meta.url)(outfile);
}
