// `yoga-layout/load` is exposed through package "exports", which the workspace's
// `moduleResolution: node` cannot see; this declares it from the package's own types.
declare module 'yoga-layout/load' {
  export * from 'yoga-layout';
  export function loadYoga(): Promise<import('yoga-layout/dist/src/wrapAssembly').Yoga>;
}
