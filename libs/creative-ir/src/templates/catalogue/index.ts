import { TemplateInputError } from '../../errors';
import { MAX_PAGE_SIDE } from '../../schema/ir-schema';
import { resolveFormat, type Brief } from '../brief';
import { missingRequired } from '../../warnings';
import { runTemplate, type TemplateDefinition, type TemplateInput, type TemplateResult } from '../engine';
import { announcement, minimalType, squarePost } from './bold';
import { listicle, quote } from './editorial';
import { dataCard, event, statHighlight } from './neon';
import { carouselSlide, testimonial, tip } from './pastel';
import { landscapeBanner, product, story } from './photo-led';

/*
 * The catalogue. Every template is a visual family (its ground, type and decoration) plus one
 * arrangement per shape of format (tall 9:16 and 160x600, portrait 4:5, square and 300x250,
 * landscape 1.91:1 and 16:9, strip 728x90 / 970x250): regions are computed from the page, the safe
 * margin and the logo, and the text block is laid out by auto-layout inside its region.
 * Families: bold (gradient / solid brand ground with large shapes), photo-led (hero, scrim, cut-out),
 * editorial (paper, serif display, hairline rules), neon (dark ink, procedural grid, glowing accent),
 * pastel (tinted paper, soft blobs, white cards).
 */

export const TEMPLATES: TemplateDefinition[] = [
  squarePost,
  story,
  landscapeBanner,
  quote,
  announcement,
  product,
  event,
  carouselSlide,
  dataCard,
  listicle,
  testimonial,
  statHighlight,
  minimalType,
  tip,
];

export interface TemplateInfo {
  id: string;
  name: string;
  description: string;
  fields: string[];
  required: string[];
  /** Named formats (`NAMED_FORMATS`) the template is designed for, best first. */
  formats: string[];
}

export function listTemplates(): TemplateInfo[] {
  return TEMPLATES.map(({ id, name, description, fields, required, formats }) => ({ id, name, description, fields, required, formats }));
}

export function getTemplate(id: string): TemplateDefinition | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** The template a brief gets when none is named. */
export const DEFAULT_TEMPLATE = 'square-post';

/**
 * The template for a brief that names none: the default (`square-post`) when the brief has its required fields, else
 * the first template of the catalogue whose required fields the brief all has (a quote for body and author, a tip for
 * a body alone...), else the default (its missing fields are then reported).
 */
export function chooseTemplate(brief: Brief): TemplateDefinition {
  const fits = (t: TemplateDefinition) => !missingRequired(brief, t.required).length;
  const preferred = getTemplate(DEFAULT_TEMPLATE)!;
  return fits(preferred) ? preferred : (TEMPLATES.find(fits) ?? preferred);
}

/**
 * Turns a brief and a brand kit into an IR for the requested format: text fitted (font scale
 * lowered until nothing overflows), contrast checked and adjusted, choices seeded.
 */
export async function buildTemplate(id: string, input: TemplateInput = {}): Promise<TemplateResult> {
  const def = getTemplate(id);
  if (!def) throw new TemplateInputError('template', `unknown template "${id}"; expected one of ${TEMPLATES.map((t) => t.id).join(', ')}`);
  const format = resolveFormat((input.format as never) ?? input.brief?.format);
  for (const side of ['width', 'height'] as const) {
    const v = format[side];
    if (!Number.isInteger(v) || v < 1 || v > MAX_PAGE_SIDE)
      throw new TemplateInputError(`format.${side}`, `must be an integer from 1 to ${MAX_PAGE_SIDE} (got ${v})`);
  }
  return runTemplate(def, input, format);
}
