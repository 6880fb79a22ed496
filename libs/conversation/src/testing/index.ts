// @platform/conversation/testing: test helpers (not for production code).
export { startFakeLlmServer } from './fake-llm-server';
export type { FakeBehaviour, FakeLlmServer, RecordedRequest } from './fake-llm-server';
export * from './dialogues';
export { startFakeVendorServer } from './fake-vendor-server';
export type { FakeVendorServer, VendorBehaviour } from './fake-vendor-server';
