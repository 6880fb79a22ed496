import type { Easing } from './types';

export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
}

/** The easing curves (t in 0..1 → progress), documented for /v1/capabilities. */
export const EASING_CURVES: readonly (CatalogueEntry & { id: Easing; formula: string })[] = [
  { id: 'linear', name: 'Linear', description: 'Constant speed from start to end.', formula: 't' },
  { id: 'ease_in', name: 'Ease in', description: 'Starts slowly and accelerates (cubic).', formula: 't^3' },
  { id: 'ease_out', name: 'Ease out', description: 'Starts fast and decelerates to a stop (cubic).', formula: '1 - (1 - t)^3' },
  {
    id: 'ease_in_out',
    name: 'Ease in-out',
    description: 'Accelerates, then decelerates (cubic); the default for zooms, pans and transitions.',
    formula: 't < 0.5 ? 4t^3 : 1 - (-2t + 2)^3 / 2',
  },
  {
    id: 'ease_out_back',
    name: 'Ease out back',
    description: 'Decelerates past the end by about 10% and settles back; the default for pop.',
    formula: '1 + 2.70158 (t - 1)^3 + 1.70158 (t - 1)^2',
  },
];

/** Progress of an easing curve at `t` (clamped to 0..1). */
export function ease(easing: Easing, t: number): number {
  const x = t <= 0 ? 0 : t >= 1 ? 1 : t;
  switch (easing) {
    case 'linear':
      return x;
    case 'ease_in':
      return x * x * x;
    case 'ease_out':
      return 1 - (1 - x) ** 3;
    case 'ease_in_out':
      return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
    case 'ease_out_back': {
      const c1 = 1.70158;
      return 1 + (c1 + 1) * (x - 1) ** 3 + c1 * (x - 1) ** 2;
    }
  }
}
