import type { IrDocument, IrNode } from './schema/ir-schema';
import type { Brief, LogoPosition } from './templates/brief';

/**
 * Machine codes of what a layout, a render or a template build noticed (see docs/creative.md):
 * - `field_unused`: a brief field the design does not show (the template has no place for it, or it was dropped to fit);
 * - `field_required_missing`: a field the template needs is absent from the brief;
 * - `text_truncated`: a text was cut (lines dropped by its maxLines or its box height, an ellipsis added), or a badge's
 *   or button's copy shortened at a word boundary to stay on one line;
 * - `text_shrunk`: a text was set below its style's size (at or under its minimum) to fit;
 * - `text_overflow`: a text is taller or wider than its box, or outside the page;
 * - `text_collision`: a text overlaps another text or the logo, or a word is broken across lines between letters (no
 *   hyphenation point fitted);
 * - `glyphs_missing`: characters no font draws (they draw as boxes);
 * - `font_unavailable`: a font of the document could not be found or read;
 * - `image_unavailable`: an image could not be loaded;
 * - `logo_moved`: a template build drew the brand kit's logo in another corner than its `logo_position` (something the
 *   template draws lay over the corner asked), with the corner asked (`asked`) and the corner used (`used`).
 */
export type WarningCode =
  | 'field_unused'
  | 'field_required_missing'
  | 'text_truncated'
  | 'text_shrunk'
  | 'text_overflow'
  | 'text_collision'
  | 'glyphs_missing'
  | 'font_unavailable'
  | 'image_unavailable'
  | 'logo_moved';

export const WARNING_CODES: readonly WarningCode[] = [
  'field_unused',
  'field_required_missing',
  'text_truncated',
  'text_shrunk',
  'text_overflow',
  'text_collision',
  'glyphs_missing',
  'font_unavailable',
  'image_unavailable',
  'logo_moved',
];

/**
 * A finding: the node (or `brief.<field>`) it is about, what happened, its code, the brief field when it is about one,
 * and for `logo_moved` the brand kit's `logo_position` asked and the corner the logo was drawn in.
 */
export interface LayoutWarning {
  id: string;
  message: string;
  code?: WarningCode;
  field?: string;
  asked?: LogoPosition;
  used?: LogoPosition;
}

/** Brief fields that carry content a design shows (the others — intent, tone, palette, language, format, seed — steer it). */
export const CONTENT_FIELDS = [
  'title',
  'eyebrow',
  'subtitle',
  'body',
  'cta',
  'author',
  'role',
  'insight',
  'source',
  'items',
  'data',
  'image',
  'images',
  'slide_index',
  'slide_total',
] as const;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function present(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return !!v.trim();
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** The content fields a brief gives (non-empty). */
export function givenFields(brief: Brief): (typeof CONTENT_FIELDS)[number][] {
  return CONTENT_FIELDS.filter((f) => present(brief[f]));
}

/** Required fields of a template the brief leaves absent or empty. */
export function missingRequired(brief: Brief, required: readonly string[]): string[] {
  return required.filter((f) => !present(brief[f as keyof Brief]));
}

function srcOf(i: unknown): string | undefined {
  if (typeof i === 'string') return i;
  if (i && typeof i === 'object' && typeof (i as { src?: unknown }).src === 'string') return (i as { src: string }).src;
  return undefined;
}

/**
 * The brief's content fields a document does not show, read from the document itself: a text field is shown when
 * some visible text node contains its text; `items` when each item is; an image when an image node draws it.
 * `data`, `slide_index` and `slide_total` are drawn as formatted figures: they count as shown when the template lists
 * them among its fields (`templateFields`). Works on any revision, so an edit that removed a field's node is seen too.
 */
export function unusedBriefFields(brief: Brief, ir: Pick<IrDocument, 'root'>, templateFields: readonly string[]): string[] {
  const texts: string[] = [];
  const images = new Set<string>();
  const walk = (n: IrNode) => {
    if (n.visible === false) return;
    if (n.type === 'text') texts.push(squash(n.text));
    if (n.type === 'image') images.add(n.src);
    if ('children' in n && Array.isArray(n.children)) n.children.forEach((c) => walk(c as IrNode));
  };
  walk(ir.root as IrNode);
  const shown = (s: string) => {
    const q = squash(s);
    return texts.some((t) => t.includes(q));
  };
  const out: string[] = [];
  for (const f of givenFields(brief)) {
    const v = brief[f];
    let used: boolean;
    if (f === 'items') used = (v as string[]).filter((i) => typeof i === 'string' && i.trim()).every(shown);
    else if (f === 'image') used = images.has(srcOf(v) ?? '');
    else if (f === 'images') used = (v as unknown[]).some((i) => images.has(srcOf(i) ?? ''));
    else if (f === 'data' || f === 'slide_index' || f === 'slide_total') used = templateFields.includes(f);
    else used = shown(String(v));
    if (!used) out.push(f);
  }
  return out;
}

/**
 * `field_unused` warnings for the fields `unusedBriefFields` finds, saying why: the template has no place for the
 * field, left it out to fit (`contentLevel` > 0: the fitting loop dropped secondary fields), or does not show it here.
 */
export function fieldWarnings(
  brief: Brief,
  ir: Pick<IrDocument, 'root'>,
  template: { id: string; fields: readonly string[] },
  contentLevel?: number,
): LayoutWarning[] {
  return unusedBriefFields(brief, ir, template.fields).map((field) => {
    const listed = template.fields.includes(field) || (field === 'images' && template.fields.includes('image'));
    const why = !listed
      ? `the ${template.id} template has no place for it`
      : contentLevel
        ? `the ${template.id} template left it out to fit this format`
        : `the ${template.id} template does not show it here (it stands in for a missing field only), or the design no longer shows it`;
    return { id: `brief.${field}`, code: 'field_unused' as const, field, message: `brief.${field} is not shown: ${why}` };
  });
}
