import type { Dialogue } from './types';
export const HELD_OUT_C_DIALOGUES: Dialogue[] = [];
