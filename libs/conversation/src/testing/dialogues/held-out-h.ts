import type { Dialogue } from './types';
export const HELD_OUT_H_DIALOGUES: Dialogue[] = [];
