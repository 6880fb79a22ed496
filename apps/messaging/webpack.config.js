const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');

// tsc (not esbuild) so decorator metadata is emitted; every npm package stays external and is
// listed in the generated package.json, so dist/apps/messaging deploys alone.
module.exports = {
  output: { path: join(__dirname, '../../dist/apps/messaging'), clean: true },
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
