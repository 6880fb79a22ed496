module.exports = require('../../tools/build/webpack-app')('entity');
