import type { Dialogue } from './types';

/** Stubbed on this tuning branch: the frozen set is never read by a tuner. */
export const HELD_OUT_J_DIALOGUES: Dialogue[] = [];
