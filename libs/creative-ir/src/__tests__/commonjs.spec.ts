import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { renderIr } from '../index';

// The apps are CommonJS: bundle the library to CommonJS (dependencies external, as in the apps'
// webpack build) and require it from a plain Node process.
const IR = {
  version: 1,
  width: 200,
  height: 100,
  root: {
    type: 'frame',
    layoutMode: 'horizontal',
    paddingLeft: 10,
    children: [
      { type: 'text', id: 't', text: 'Olá 👋 שלום', fontSize: 30 },
      { type: 'procedural', style: 'mesh', width: 60, height: 60 },
    ],
  },
};

describe('CommonJS consumers', () => {
  it('can require the library, lay out with yoga and render the same PNG bytes', async () => {
    const root = resolve(__dirname, '../../../..');
    const outDir = join(root, 'tmp', 'creative-ir-cjs-test');
    mkdirSync(outDir, { recursive: true });
    const outfile = join(outDir, 'index.cjs');
    await build({
      entryPoints: [resolve(__dirname, '../index.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'silent',
    });
    const script = `
      const lib = require(${JSON.stringify(outfile)});
      const ir = ${JSON.stringify(IR)};
      lib.materialize(ir).then(async (m) => {
        const png = await lib.renderIr(ir);
        const sha = require('node:crypto').createHash('sha256').update(png.data).digest('hex');
        process.stdout.write(JSON.stringify({ x: m.root.children[0].x, png: png.data.subarray(1, 4).toString(), sha }));
      });`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' }));
    // Same bytes in another process (and module system): output does not depend on process state.
    const here = createHash('sha256')
      .update((await renderIr(IR)).data)
      .digest('hex');
    expect(out).toEqual({ x: 10, png: 'PNG', sha: here });
  });
});
