import type { Dialogue } from './types';

/** Stubbed on this tuning branch: the frozen set is never read by a tuner. */
export const HELD_OUT_F_DIALOGUES: Dialogue[] = [];
