#!/usr/bin/env node
// `npm run typecheck` (and CI): the whole workspace in two `tsc --noEmit` passes run side by side, instead of two
// per project (`nx run-many -t typecheck`, 30 passes that each check the shared libraries again: 132 s against 30 s on the
// 2-core machine). sources.json holds every app's and library's code without the test types, so code that ships cannot
// use Jest's globals; tests.json holds everything with them (specs, __tests__, the test support of @platform/testing and
// @platform/conversation/testing, tools/). Both use
// tsconfig.base.json's options, as every project's tsconfig does. `nx typecheck <project>` still checks one project.
import { spawn } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const pass = (name) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', relative(root, join(here, `${name}.json`)), '--noEmit', '--pretty', 'false'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ name, code, out, s: (Date.now() - started) / 1000 }));
  });
const results = await Promise.all([pass('sources'), pass('tests')]);
for (const r of results) {
  process.stdout.write(`${r.name}: ${r.code === 0 ? 'no errors' : 'errors'} (${r.s.toFixed(1)} s)\n${r.out}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
