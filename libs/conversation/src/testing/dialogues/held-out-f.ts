// BRANCH ONLY: held-out set F is kept off this branch so that nobody tuning the engine reads it.
// The merge into main restores main's held-out-f.ts, its spec and the floor checks.
import type { Dialogue } from './types';
export const HELD_OUT_F_DIALOGUES: Dialogue[] = [];
