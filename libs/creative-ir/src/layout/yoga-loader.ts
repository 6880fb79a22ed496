// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for the package-exports-only subpath
/// <reference path="./yoga-load.d.ts" />
import type * as YogaLoadModule from 'yoga-layout/load';
import type { Yoga } from 'yoga-layout/dist/src/wrapAssembly';

/**
 * yoga-layout is ESM with top-level await in its main entry; `yoga-layout/load` has none, so it
 * can be required from CommonJS (Node >= 20.19) and imported from ESM/Vitest alike. It is loaded
 * once, asynchronously, and shared.
 */
export type YogaModule = typeof YogaLoadModule;
export interface LoadedYoga {
  yoga: Yoga;
  enums: YogaModule;
}

let pending: Promise<LoadedYoga> | undefined;
let ready: LoadedYoga | undefined;

export function loadYogaOnce(): Promise<LoadedYoga> {
  if (!pending) {
    pending = import('yoga-layout/load').then(async (mod: YogaModule) => {
      ready = { yoga: await mod.loadYoga(), enums: mod };
      return ready;
    });
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** True once yoga has loaded. */
export const yogaReady = (): boolean => ready !== undefined;

/** The loaded yoga instance; throws if `initCreativeIr()` (or any async entry point) has not run yet. */
export function yogaSync(): LoadedYoga {
  if (!ready) throw new Error('creative-ir: call `await initCreativeIr()` before synchronous layout');
  return ready;
}
