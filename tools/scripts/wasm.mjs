#!/usr/bin/env node
// Compiles the libraries' WebAssembly text modules (SIMD) with wabt and writes each module's bytes,
// base64, into a TypeScript file beside it, so that the libraries need no build step or file lookup at
// run time:
//   libs/creative-ir/src/render/scanlines.wat       -> scanlines-wasm.ts (PNG scanlines)
//   libs/creative-video/src/compose/compose.wat      -> compose-wasm.ts (frames of motions, composed)
//   node tools/scripts/wasm.mjs           write the .ts files
//   node tools/scripts/wasm.mjs --check   exit 1 when a .ts file is not what its .wat gives
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const modules = [
  { wat: 'libs/creative-ir/src/render/scanlines.wat', name: 'SCANLINES_WASM' },
  { wat: 'libs/creative-video/src/compose/compose.wat', name: 'COMPOSE_WASM' },
];

const wabt = await wabtInit();
let stale = false;
for (const { wat, name } of modules) {
  const source = join(root, wat);
  const file = basename(wat);
  const out = join(dirname(source), file.replace(/\.wat$/, '-wasm.ts'));
  const mod = wabt.parseWat(file, readFileSync(source, 'utf8'), { simd: true });
  mod.validate();
  const { buffer } = mod.toBinary({});
  mod.destroy();
  const text = `// Generated from ${file} by tools/scripts/wasm.mjs (npm run wasm): do not edit.
/** The WebAssembly module of ${file} (${buffer.length} bytes), base64. */
export const ${name} = '${Buffer.from(buffer).toString('base64')}';
`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      // missing: reported below
    }
    if (current !== text) {
      console.error(`${out} is not what ${source} compiles to: run npm run wasm`);
      stale = true;
    }
  } else {
    writeFileSync(out, text);
    console.log(`wrote ${out} (${buffer.length} bytes of WebAssembly)`);
  }
}
if (stale) process.exit(1);
