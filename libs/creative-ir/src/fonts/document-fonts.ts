import type { LayoutWarning } from '../warnings';
import { resolveAsset, type AssetResolver } from '../assets';
import type { IrDocument } from '../schema/ir-schema';
import { keepDocumentFamily, registerDocumentFamily } from './font-registry';

/** A face a document brings, as its `fonts[]` entry describes it. */
export interface DocumentFace {
  data: Buffer;
  weight: number;
  style: 'normal' | 'italic';
}

export interface DocumentFonts {
  /** Family as the document names it (lower case) -> the internal name its faces are registered under. */
  families: Map<string, string>;
  /** Internal name -> the faces (for embedding in HTML). */
  faces: Map<string, DocumentFace[]>;
  /** Fonts that could not be found or read; their text uses the default font. */
  warnings: LayoutWarning[];
}

/** What a document that brings no font of its own has (shared, never written to). */
export const NO_DOCUMENT_FONTS: DocumentFonts = { families: new Map(), faces: new Map(), warnings: [] };

/**
 * Loads the faces a document brings (`fonts[].src`: a data URL or `asset:<id>`) and registers each
 * family for this document only (`registerDocumentFamily`). A face that cannot be found or read is
 * a warning, not a failure: a corrupt upload must not fail the render.
 */
export async function loadDocumentFonts(doc: IrDocument, assets: AssetResolver | undefined): Promise<DocumentFonts> {
  const fonts = doc.fonts ?? [];
  const out: DocumentFonts = { families: new Map(), faces: new Map(), warnings: [] };
  const byFamily = new Map<string, { family: string; faces: (DocumentFace & { index: number })[] }>();
  const where = (src: string) => (src.startsWith('data:') ? 'data URL' : src);
  for (const [index, f] of fonts.entries()) {
    if (!f.src) continue;
    // A font that cannot be read is reported just below, as one that is not found (a warning, text in the default font).
    const data = await resolveAsset(f.src, assets).catch(() => undefined);
    if (!data?.length) {
      out.warnings.push({
        id: `fonts[${index}]`,
        code: 'font_unavailable',
        message: `font ${where(f.src)} for "${f.family}" was not found; its text uses the default font`,
      });
      continue;
    }
    const key = f.family.toLowerCase();
    const entry = byFamily.get(key) ?? { family: f.family, faces: [] };
    entry.faces.push({ data, weight: f.weight ?? 400, style: f.style ?? 'normal', index });
    byFamily.set(key, entry);
  }
  for (const [key, { family, faces }] of byFamily) {
    const { name, failed } = registerDocumentFamily(
      family,
      faces.map((f) => f.data),
    );
    for (const i of failed) {
      const { index } = faces[i];
      out.warnings.push({
        id: `fonts[${index}]`,
        code: 'font_unavailable',
        message: `font ${where(fonts[index].src!)} for "${family}" is not a font that can be read (TrueType, OpenType, WOFF or WOFF2); its text uses the default font`,
      });
    }
    if (!name) continue;
    out.families.set(key, name);
    out.faces.set(
      name,
      faces.filter((_, i) => !failed.includes(i)).map(({ data, weight, style }) => ({ data, weight, style })),
    );
  }
  return out;
}

/** The fonts each materialized document was laid out with (`materializeWithFonts`), for drawing. */
const documentFonts = new WeakMap<object, DocumentFonts>();

/** Records the fonts a materialized document was laid out with. */
export function attachDocumentFonts(materialized: object, fonts: DocumentFonts): void {
  if (fonts.faces.size) documentFonts.set(materialized, fonts);
}

/**
 * Registers again, as most recently used, the families a materialized document was laid out with
 * (see `keepDocumentFamily`): called right before drawing it.
 */
export function keepDocumentFonts(materialized: object): void {
  const fonts = documentFonts.get(materialized);
  if (fonts)
    for (const [name, faces] of fonts.faces)
      keepDocumentFamily(
        name,
        faces.map((f) => f.data),
      );
}
