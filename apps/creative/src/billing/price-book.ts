import { ErrorDetail, ValidationError } from '@platform/errors';
import { BILLABLE_OPERATIONS, type BillableOperation, type Charge, type Estimate } from './metering';
import { MAX_LIST_LIMIT } from '../common/list-limit';

/**
 * The price book: every billable operation's price in credits and the plans. The one place prices live: the public
 * GET /v1/billing/price-book, POST /v1/billing/estimate and the charge of every operation (`Metering.metered`, job
 * reservations) all call `priceOf`, so an estimate is always what the operation then costs.
 */
export const PRICE_BOOK_VERSION = '2026-01-01';

/** A megapixel, for image prices. */
const MP = 1_000_000;
/** The image a generation's base price buys: the default 1024x1024. */
const GENERATION_BASE_PIXELS = 1024 * 1024;

/** Credits per started megapixel of an output image (a 1080x1080 render: 2 credits). */
export const RENDER_CREDITS_PER_MEGAPIXEL = 1;
export const PROCEDURAL_CREDITS_PER_MEGAPIXEL = 1;
export const TRANSFORM_CREDITS_PER_OPERATION = 1;

/** Generations, vision and planning by provider; an unlisted provider costs `default`. */
export const GENERATION_CREDITS: Record<string, number> = { builtin: 1, openai: 10, anthropic: 10, 'openai-compatible': 4, default: 10 };
export const VISION_CREDITS: Record<string, number> = { builtin: 1, openai: 5, anthropic: 5, 'openai-compatible': 2, default: 5 };
export const PLANNING_CREDITS: Record<string, number> = { builtin: 1, openai: 5, anthropic: 5, 'openai-compatible': 2, default: 5 };

/** Video: credits per second (rounded up over the whole video) by the tier of the larger side; above 30 fps doubles. */
export const VIDEO_TIERS = [
  { tier: 'sd', max_side: 854, credits_per_second: 1 },
  { tier: 'hd', max_side: 1280, credits_per_second: 2 },
  { tier: 'full_hd', max_side: 1920, credits_per_second: 3 },
  { tier: '4k', max_side: 4096, credits_per_second: 6 },
] as const;
export const VIDEO_HIGH_FPS = 30;

export interface Plan {
  id: string;
  name: string;
  /** Credits granted at the start of every monthly period (unused credits stay). */
  monthly_credits: number;
  /** Price per month in the gateway's currency, in cents; 0 for the free plan. */
  price_cents: number;
  kind: 'plan' | 'credit_pack';
  limits: { rate_limit_per_minute: string; max_list_limit: number };
}

export const CURRENCY = 'usd';
export const FREE_PLAN_ID = 'free';

/** Plans (`kind: plan`, a monthly subscription) and credit packs (`kind: credit_pack`, bought once: `monthly_credits` is what one pack adds). */
export function plans(freeMonthlyCredits: number): Plan[] {
  const limits = { rate_limit_per_minute: 'RATE_LIMIT_PER_MINUTE of the service (600 by default), per credential', max_list_limit: MAX_LIST_LIMIT };
  return [
    { id: FREE_PLAN_ID, name: 'Free', monthly_credits: freeMonthlyCredits, price_cents: 0, kind: 'plan', limits },
    { id: 'pro', name: 'Pro', monthly_credits: 5_000, price_cents: 2_900, kind: 'plan', limits },
    { id: 'studio', name: 'Studio', monthly_credits: 25_000, price_cents: 9_900, kind: 'plan', limits },
    { id: 'credits_1000', name: '1,000 credits', monthly_credits: 1_000, price_cents: 1_000, kind: 'credit_pack', limits },
    { id: 'credits_10000', name: '10,000 credits', monthly_credits: 10_000, price_cents: 8_000, kind: 'credit_pack', limits },
  ];
}

/** The parameters each operation is priced by, as the price book shows them. */
export const OPERATION_PRICES = {
  render: {
    params: ['width', 'height', 'format'],
    rule: `${RENDER_CREDITS_PER_MEGAPIXEL} credit per started megapixel of the output (width x height), at least 1; every format alike; a request answered from a stored render costs the same`,
  },
  preview: { params: ['width', 'format'], rule: 'free (0 credits); recorded as a usage event' },
  procedural_render: {
    params: ['width', 'height', 'format'],
    rule: `${PROCEDURAL_CREDITS_PER_MEGAPIXEL} credit per started megapixel of the output, at least 1`,
  },
  generation: {
    params: ['provider', 'width', 'height'],
    rule: 'by provider (credits per image up to 1024x1024, see `providers`), plus as much again for each started 1024x1024 beyond the first',
  },
  transform: {
    params: ['operations'],
    rule: `${TRANSFORM_CREDITS_PER_OPERATION} credit per operation (1 to 24); the output size is known only after the work, so it does not change the price`,
  },
  video: {
    params: ['seconds', 'width', 'height', 'fps'],
    rule: 'credits per second of the resolution tier of the larger side (see `tiers`), the seconds of the whole video rounded up; above 30 fps doubles',
  },
  campaign: {
    params: ['pieces', 'video'],
    rule: 'the sum of its pieces, each priced as a render of its size; a full campaign adds its video (priced as a video)',
  },
  vision: { params: ['provider'], rule: 'by provider (see `providers`)' },
  planning: { params: ['provider'], rule: 'by provider (see `providers`)' },
} satisfies Record<BillableOperation, { params: string[]; rule: string }>;

/** The price of `charge`; a 422 at `loc` (default `body.params`) when a parameter is missing or out of range. */
export function priceOf(charge: Charge, loc: (string | number)[] = ['params']): Estimate {
  const details: ErrorDetail[] = [];
  const p = charge.params ?? {};
  const int = (key: string, min: number, max: number, fallback?: number, at: (string | number)[] = loc, from: Record<string, unknown> = p): number => {
    const v = from[key] ?? fallback;
    if (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max) return v;
    details.push({
      loc: [...at, key],
      msg: v === undefined ? `${key} is required` : `${key} must be a number from ${min} to ${max}`,
      type: v === undefined ? 'missing' : 'value_error',
    });
    return min;
  };
  const str = (key: string, fallback: string): string => {
    const v = p[key] ?? fallback;
    if (typeof v === 'string' && v.length <= 100) return v;
    details.push({ loc: [...loc, key], msg: `${key} must be a string`, type: 'value_error' });
    return fallback;
  };
  const breakdown: { item: string; credits: number }[] = [];
  const image = (w: number, h: number, perMp: number, label: string) => {
    const credits = Math.max(1, Math.ceil((w * h) / MP)) * perMp;
    breakdown.push({ item: `${label} ${w}x${h}`, credits });
  };
  const video = (seconds: number, w: number, h: number, fps: number) => {
    const side = Math.max(w, h);
    const tier = VIDEO_TIERS.find((t) => side <= t.max_side) ?? VIDEO_TIERS[VIDEO_TIERS.length - 1];
    const rate = tier.credits_per_second * (fps > VIDEO_HIGH_FPS ? 2 : 1);
    breakdown.push({
      item: `video ${+seconds.toFixed(3)} s ${tier.tier}${fps > VIDEO_HIGH_FPS ? ` at ${fps} fps` : ''} (${rate}/s)`,
      credits: Math.ceil(seconds * rate),
    });
  };
  const byProvider = (table: Record<string, number>, label: string) => {
    const provider = str('provider', 'builtin');
    const credits = table[provider] ?? table.default;
    breakdown.push({ item: `${label} (${provider})`, credits });
    return credits;
  };
  switch (charge.operation) {
    case 'render':
      image(int('width', 1, 100_000), int('height', 1, 100_000), RENDER_CREDITS_PER_MEGAPIXEL, 'render');
      break;
    case 'preview':
      breakdown.push({ item: 'preview', credits: 0 });
      break;
    case 'procedural_render':
      image(int('width', 1, 100_000), int('height', 1, 100_000), PROCEDURAL_CREDITS_PER_MEGAPIXEL, 'procedural render');
      break;
    case 'generation': {
      const base = byProvider(GENERATION_CREDITS, 'generation');
      const extra = Math.max(0, Math.ceil((int('width', 1, 100_000, 1024) * int('height', 1, 100_000, 1024)) / GENERATION_BASE_PIXELS) - 1);
      if (extra) breakdown.push({ item: `${extra} x 1024x1024 beyond the first`, credits: base * extra });
      break;
    }
    case 'transform': {
      const ops = int('operations', 1, 24);
      breakdown.push({ item: `${ops} transform operation(s)`, credits: ops * TRANSFORM_CREDITS_PER_OPERATION });
      break;
    }
    case 'video':
      video(int('seconds', 0, 86_400), int('width', 1, 100_000), int('height', 1, 100_000), int('fps', 1, 240, 30));
      break;
    case 'campaign': {
      const pieces = p.pieces;
      if (!Array.isArray(pieces) || pieces.length < 1 || pieces.length > 100) {
        details.push({ loc: [...loc, 'pieces'], msg: 'pieces must be an array of 1 to 100 {width, height}', type: 'value_error' });
        break;
      }
      pieces.forEach((piece, i) => {
        const at = [...loc, 'pieces', i];
        if (!piece || typeof piece !== 'object') return details.push({ loc: at, msg: 'must be an object {width, height}', type: 'value_error' });
        image(
          int('width', 1, 100_000, undefined, at, piece as Record<string, unknown>),
          int('height', 1, 100_000, undefined, at, piece as Record<string, unknown>),
          RENDER_CREDITS_PER_MEGAPIXEL,
          `piece ${i + 1}`,
        );
      });
      if (p.video != null) {
        const at = [...loc, 'video'];
        if (typeof p.video !== 'object') details.push({ loc: at, msg: 'must be an object {seconds, width, height, fps}', type: 'value_error' });
        else {
          const v = p.video as Record<string, unknown>;
          video(
            int('seconds', 0, 86_400, undefined, at, v),
            int('width', 1, 100_000, undefined, at, v),
            int('height', 1, 100_000, undefined, at, v),
            int('fps', 1, 240, 30, at, v),
          );
        }
      }
      break;
    }
    case 'vision':
      byProvider(VISION_CREDITS, 'vision');
      break;
    case 'planning':
      byProvider(PLANNING_CREDITS, 'planning');
      break;
    default:
      details.push({ loc: loc.slice(0, -1).concat('operation'), msg: `operation must be one of ${BILLABLE_OPERATIONS.join(', ')}`, type: 'value_error' });
  }
  if (details.length) throw new ValidationError(details);
  return { operation: charge.operation, credits: breakdown.reduce((a, b) => a + b.credits, 0), breakdown };
}

/** The price book as GET /v1/billing/price-book serves it. */
export function priceBook(freeMonthlyCredits: number) {
  return {
    version: PRICE_BOOK_VERSION,
    currency: CURRENCY,
    unit: 'credit',
    operations: BILLABLE_OPERATIONS.map((operation) => ({ operation, params: OPERATION_PRICES[operation].params, rule: OPERATION_PRICES[operation].rule })),
    image: {
      render_credits_per_megapixel: RENDER_CREDITS_PER_MEGAPIXEL,
      procedural_credits_per_megapixel: PROCEDURAL_CREDITS_PER_MEGAPIXEL,
      transform_credits_per_operation: TRANSFORM_CREDITS_PER_OPERATION,
    },
    tiers: VIDEO_TIERS.map((t) => ({ ...t })),
    high_fps_above: VIDEO_HIGH_FPS,
    providers: { generation: GENERATION_CREDITS, vision: VISION_CREDITS, planning: PLANNING_CREDITS },
    plans: plans(freeMonthlyCredits),
  };
}
