const { readFileSync } = require('fs');
const { join } = require('path');
// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling shared by the three apps, not a library
const appWebpackConfig = require('../../tools/build/webpack-app');

const root = join(__dirname, '../..');

/**
 * creative-ir reads its font files by path at run time (text watermarks, designs), and the built-in image generator
 * its emoji set, so neither
 * webpack nor Nx's generated package.json sees those packages: add them, at the workspace's
 * pinned versions. The list is creative-ir's own (`pkg:` entries of font-registry.ts, FONT_PACKAGES).
 */
class FontPackagesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FontPackagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FontPackagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset('package.json');
        if (!asset) return;
        const registry = readFileSync(join(root, 'libs/creative-ir/src/fonts/font-registry.ts'), 'utf8');
        const packages = [...new Set([...registry.matchAll(/pkg: '([^']+)'/g)].map((m) => m[1]))];
        // The built-in image generator reads its emoji set and keywords by path too (EMOJI_PACKAGES of emoji-subjects.ts).
        const emoji = readFileSync(join(root, 'apps/creative/src/intelligence/builtin/emoji-subjects.ts'), 'utf8');
        const list = /EMOJI_PACKAGES = \[([^\]]+)\]/.exec(emoji);
        if (!list) throw new Error('EMOJI_PACKAGES not found in emoji-subjects.ts');
        for (const m of list[1].matchAll(/'([^']+)'/g)) if (!packages.includes(m[1])) packages.push(m[1]);
        const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies;
        const pkg = JSON.parse(asset.source.source().toString());
        for (const name of packages) {
          if (!workspace[name]) throw new Error(`run-time package ${name} is not a dependency of the workspace`);
          pkg.dependencies[name] = workspace[name];
        }
        pkg.dependencies = Object.fromEntries(Object.entries(pkg.dependencies).sort(([a], [b]) => a.localeCompare(b)));
        compilation.updateAsset('package.json', new sources.RawSource(`${JSON.stringify(pkg, null, 2)}\n`));
        // The generated lock file too, with the workspace lock's entries, so `npm ci` installs them.
        const lockAsset = compilation.getAsset('package-lock.json');
        if (!lockAsset) return;
        const lock = JSON.parse(lockAsset.source.source().toString());
        const rootLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
        const copy = (name) => {
          const key = `node_modules/${name}`;
          if (lock.packages[key] || !rootLock.packages[key]) return;
          lock.packages[key] = rootLock.packages[key];
          for (const dep of Object.keys(rootLock.packages[key].dependencies ?? {})) copy(dep);
        };
        for (const name of packages) copy(name);
        lock.packages[''].dependencies = pkg.dependencies;
        compilation.updateAsset('package-lock.json', new sources.RawSource(`${JSON.stringify(lock, null, 2)}\n`));
      });
    });
  }
}

// Worker threads are entries of their own (dist/apps/creative/<name>.js; see src/common/worker-script.ts): the render
// pool's (loaded by piscina) and the one a video renders in.
const config = appWebpackConfig('creative', {
  libraries: { 'render-worker': join(__dirname, 'src/rendering/render.worker.ts'), 'video-worker': join(__dirname, 'src/videos/video.worker.ts') },
});
config.plugins.push(new FontPackagesPlugin());
module.exports = config;
