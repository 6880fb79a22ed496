import type { Dialogue } from './types';
export const HELD_OUT_F_DIALOGUES: Dialogue[] = [];
