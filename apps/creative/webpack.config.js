const { join } = require('path');
// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling shared by the three apps, not a library
const appWebpackConfig = require('../../tools/build/webpack-app');

// The render worker thread is its own entry (dist/apps/creative/render-worker.js, loaded by piscina);
// the Creative IR reads its font files by path, so their packages go into the generated package.json.
module.exports = appWebpackConfig('creative', {
  libraries: { 'render-worker': join(__dirname, 'src/rendering/render.worker.ts') },
  runtimeDependencies: appWebpackConfig.fontPackages(),
});
