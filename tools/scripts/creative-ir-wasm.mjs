#!/usr/bin/env node
// Compiles libs/creative-ir/src/render/scanlines.wat (WebAssembly text, SIMD) with wabt and writes
// the module's bytes, base64, into scanlines-wasm.ts beside it, so that the library needs no build
// step or file lookup at run time.
//   node tools/scripts/creative-ir-wasm.mjs           write scanlines-wasm.ts
//   node tools/scripts/creative-ir-wasm.mjs --check   exit 1 when scanlines-wasm.ts is not what the .wat gives
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../libs/creative-ir/src/render');
const wat = join(dir, 'scanlines.wat');
const out = join(dir, 'scanlines-wasm.ts');

const wabt = await wabtInit();
const mod = wabt.parseWat('scanlines.wat', readFileSync(wat, 'utf8'), { simd: true });
mod.validate();
const { buffer } = mod.toBinary({});
mod.destroy();
const base64 = Buffer.from(buffer).toString('base64');
const text = `// Generated from scanlines.wat by tools/scripts/creative-ir-wasm.mjs (npm run wasm): do not edit.
/** The WebAssembly module of scanlines.wat (${buffer.length} bytes), base64. */
export const SCANLINES_WASM = '${base64}';
`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current !== text) {
    console.error(`${out} is not what ${wat} compiles to: run npm run wasm`);
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out} (${buffer.length} bytes of WebAssembly)`);
}
