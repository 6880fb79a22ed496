const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

/**
 * The webpack config of one service: tsc (not esbuild) so decorator metadata is emitted;
 * every npm package stays external and is listed in the generated package.json, so
 * dist/apps/<service> deploys alone.
 *
 * `extra.libraries`: more entries, each written beside main.js as `<name>.js` with its exports
 * as a CommonJS module (e.g. a worker thread's script).
 */
module.exports = function appWebpackConfig(service, extra = {}) {
  const entry = {};
  for (const [name, path] of Object.entries(extra.libraries ?? {})) entry[name] = { import: [path], library: { type: 'commonjs2' } };
  return {
    entry,
    output: { path: join(__dirname, '../../dist/apps', service), clean: true },
    devtool: 'source-map',
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        assets: [],
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        externalDependencies: 'all',
        sourceMap: true,
      }),
    ],
  };
};
