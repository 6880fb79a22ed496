// The suite's Jest resolver: Jest's own, except that packages which export their modules under
// the `import` condition only (kubernetes-models, loaded by tools/k8s/validate.mjs) are resolved
// with it. Adding `import` to every resolution instead would pick the ES-module builds of dual
// packages, which Jest on Node 20 cannot load. What they resolve to is compiled by the preset's
// transform like its other ES-module-only packages.
const IMPORT_ONLY = /^(kubernetes-models|@kubernetes-models\/[^/]+)(\/|$)/;

module.exports = (request, options) =>
  options.defaultResolver(request, IMPORT_ONLY.test(request) ? { ...options, conditions: [...(options.conditions ?? []), 'import'] } : options);
