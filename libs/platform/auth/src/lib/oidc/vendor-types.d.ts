// oidc-provider ships no types for moduleResolution "node"; what the services use is typed in oidc-types.ts.
declare module 'oidc-provider' {
  const Provider: unknown;
  export default Provider;
  export const errors: unknown;
  export const interactionPolicy: unknown;
}
