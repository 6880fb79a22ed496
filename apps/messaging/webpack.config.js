// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling shared by the three apps, not a library
module.exports = require('../../tools/build/webpack-app')('messaging');
