const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

/**
 * The webpack config of one service: tsc (not esbuild) so decorator metadata is emitted;
 * every npm package stays external and is listed in the generated package.json, so
 * dist/apps/<service> deploys alone.
 */
module.exports = function appWebpackConfig(service) {
  return {
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
