import type { LayoutWarning } from '../warnings';
import type { Config as YogaConfig, Node as YogaNode } from 'yoga-layout/dist/src/wrapAssembly';
import type { AssetResolver } from '../assets';
import { attachDocumentFonts, loadDocumentFonts, NO_DOCUMENT_FONTS, type DocumentFonts } from '../fonts/document-fonts';
import { ensureFonts, type FontOptions } from '../fonts/font-registry';
import type { FrameNode, IrDocument, IrNode, Paint, TextNode } from '../schema/ir-schema';
import { parseIr } from '../schema/validate';
import { missingGlyphs, sharedTextLayouts, type TextLayout, type TextLayoutInput } from '../text/text-layout';
import { loadYogaOnce, yogaReady, yogaSync, type LoadedYoga, type YogaModule } from './yoga-loader';

/** A node resolved to an absolute box (document pixels, before its own rotation). */
export interface MaterializedNode {
  id: string;
  type: IrNode['type'];
  node: IrNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Line layout for text nodes, computed for the final box. */
  text?: TextLayout;
  children: MaterializedNode[];
}

export interface MaterializedDocument {
  width: number;
  height: number;
  background: string | Paint;
  lang: string;
  doc: IrDocument;
  root: MaterializedNode;
  /** Non-fatal findings, e.g. text that overflows its box or was cut (`code`: see `WarningCode`). */
  warnings: LayoutWarning[];
}

const isAuto = (n: IrNode): n is FrameNode => n.type === 'frame' && (n.layoutMode === 'horizontal' || n.layoutMode === 'vertical');

/**
 * The family a text node's layout uses: the internal name of the document's own family when the
 * document brings one under that name (`families`, from `loadDocumentFonts`), the name as given otherwise.
 */
function scopedFamily(name: string | undefined, families: ReadonlyMap<string, string> | undefined): string | undefined {
  if (!name || !families?.size) return name;
  const first = name
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  return families.get(first) ?? name;
}

export function textInput(node: TextNode, lang: string, families?: ReadonlyMap<string, string>): TextLayoutInput {
  return {
    text: node.text,
    fontFamily: scopedFamily(node.fontFamily, families),
    fontWeight: node.fontWeight,
    fontStyle: node.fontStyle,
    fontSize: node.fontSize ?? 16,
    lineHeight: node.lineHeight,
    letterSpacing: node.letterSpacing,
    textTransform: node.textTransform,
    direction: node.direction,
    maxLines: node.maxLines,
    ellipsis: node.ellipsis,
    fit: node.fit,
    minFontSize: node.minFontSize,
    maxFontSize: node.maxFontSize,
    textWrap: node.textWrap,
    lang: node.lang ?? lang,
  };
}

interface Built {
  yn: YogaNode;
  node: IrNode;
  id: string;
  children: Built[];
  /** Last text measurement yoga asked for (reused for the final box when it is the same). */
  measured?: { maxWidth: number | undefined; layout: TextLayout };
  /** A text node's shared layouts by box size (set for every text node). */
  layoutAt?: (maxWidth: number | undefined, maxHeight: number | undefined) => TextLayout;
  /** A text node's layout input (for the missing-glyph check). */
  input?: TextLayoutInput;
}

function build(
  Y: YogaModule,
  config: YogaConfig,
  node: IrNode,
  id: string,
  parent: IrNode | undefined,
  lang: string,
  isRoot: boolean,
  docW: number,
  docH: number,
  families: ReadonlyMap<string, string> | undefined,
): Built {
  const { yoga } = yogaSync();
  const yn = yoga.Node.create(config);
  const inAuto = !!parent && isAuto(parent) && node.layoutPositioning !== 'absolute';
  const parentHorizontal = !!parent && isAuto(parent) && parent.layoutMode === 'horizontal';

  if (node.visible === false) yn.setDisplay(Y.Display.None);

  // Sizing per axis (Figma: fixed / hug / fill).
  const isText = node.type === 'text';
  const isContainer = node.type === 'frame' || node.type === 'group';
  const defaultSizing = (given: number | undefined, axis: 'h' | 'v') => {
    if (given !== undefined) return 'fixed';
    if (isText) {
      const t = node as TextNode;
      if (axis === 'v') return 'hug';
      return t.fit === 'shrink' ? 'fixed' : 'hug';
    }
    if (isContainer && isAuto(node)) return 'hug';
    return 'fixed';
  };
  let sh = node.layoutSizingHorizontal ?? defaultSizing(node.width, 'h');
  let sv = node.layoutSizingVertical ?? defaultSizing(node.height, 'v');
  if (isRoot) {
    sh = node.width === undefined && sh !== 'hug' ? 'fixed' : sh;
    sv = node.height === undefined && sv !== 'hug' ? 'fixed' : sv;
  }
  if (node.type === 'text' && node.fit === 'grow') sv = 'hug';
  // A parent that stretches its children fills their unspecified counter-axis size.
  if (inAuto && parent && parent.type === 'frame' && parent.counterAxisAlignItems === 'stretch') {
    if (parentHorizontal && node.height === undefined && node.layoutSizingVertical === undefined) sv = 'fill';
    if (!parentHorizontal && node.width === undefined && node.layoutSizingHorizontal === undefined) sh = 'fill';
  }
  if (!inAuto && sh === 'fill') sh = 'fixed';
  if (!inAuto && sv === 'fill') sv = 'fixed';
  if (isContainer && !isAuto(node)) {
    if (sh === 'hug') sh = 'fixed';
    if (sv === 'hug') sv = 'fixed';
  }

  const fixedW = node.width ?? (isRoot ? docW : node.type === 'group' ? groupExtent(node, 'w') : 0);
  const fixedH = node.height ?? (isRoot ? docH : node.type === 'group' ? groupExtent(node, 'h') : 0);

  // Yoga's defaults (width/height auto, flex-shrink 0, column, no wrap, flex-start, no padding or
  // gap) are left alone: every setter is a call into WebAssembly.
  if (sh === 'fixed') yn.setWidth(fixedW);
  if (sv === 'fixed') yn.setHeight(fixedH);

  if (inAuto) {
    const primaryFill = parentHorizontal ? sh === 'fill' : sv === 'fill';
    const counterFill = parentHorizontal ? sv === 'fill' : sh === 'fill';
    if (primaryFill) {
      yn.setFlexGrow(node.layoutGrow ?? 1);
      yn.setFlexShrink(1);
      yn.setFlexBasis(0);
    } else if (node.layoutGrow) {
      yn.setFlexGrow(node.layoutGrow);
    }
    if (counterFill || node.layoutAlign === 'stretch') {
      yn.setAlignSelf(Y.Align.Stretch);
      if (parentHorizontal) yn.setHeight('auto');
      else yn.setWidth('auto');
    } else if (node.layoutAlign === 'min') yn.setAlignSelf(Y.Align.FlexStart);
    else if (node.layoutAlign === 'center') yn.setAlignSelf(Y.Align.Center);
    else if (node.layoutAlign === 'max') yn.setAlignSelf(Y.Align.FlexEnd);
  } else if (!isRoot) {
    yn.setPositionType(Y.PositionType.Absolute);
    yn.setPosition(Y.Edge.Left, node.x ?? 0);
    yn.setPosition(Y.Edge.Top, node.y ?? 0);
  }

  if (node.minWidth !== undefined) yn.setMinWidth(node.minWidth);
  if (node.maxWidth !== undefined) yn.setMaxWidth(node.maxWidth);
  if (node.minHeight !== undefined) yn.setMinHeight(node.minHeight);
  if (node.maxHeight !== undefined) yn.setMaxHeight(node.maxHeight);

  const built: Built = { yn, node, id, children: [] };

  if (node.type === 'text') {
    built.input = textInput(node, lang, families);
    const layoutAt = sharedTextLayouts(built.input);
    built.layoutAt = layoutAt;
    yn.setMeasureFunc((width, widthMode, height, heightMode) => {
      const maxWidth = widthMode === Y.MeasureMode.Undefined ? node.maxWidth : width;
      const maxHeight = heightMode === Y.MeasureMode.Undefined ? undefined : height;
      const l = layoutAt(maxWidth, node.fit === 'shrink' ? maxHeight : undefined);
      built.measured = { maxWidth, layout: l };
      const w = widthMode === Y.MeasureMode.Exactly ? width : Math.min(Math.ceil(l.width * 100) / 100, widthMode === Y.MeasureMode.AtMost ? width : Infinity);
      return { width: w, height: heightMode === Y.MeasureMode.Exactly ? height : l.height };
    });
  }

  if (node.type === 'frame' && isAuto(node)) {
    const horizontal = node.layoutMode === 'horizontal';
    if (horizontal) yn.setFlexDirection(Y.FlexDirection.Row);
    if (node.layoutWrap === 'wrap') yn.setFlexWrap(Y.Wrap.Wrap);
    if (node.paddingTop) yn.setPadding(Y.Edge.Top, node.paddingTop);
    if (node.paddingRight) yn.setPadding(Y.Edge.Right, node.paddingRight);
    if (node.paddingBottom) yn.setPadding(Y.Edge.Bottom, node.paddingBottom);
    if (node.paddingLeft) yn.setPadding(Y.Edge.Left, node.paddingLeft);
    const spacing = node.primaryAxisAlignItems === 'space-between' ? 0 : Math.max(0, node.itemSpacing ?? 0);
    if (spacing) yn.setGap(horizontal ? Y.Gutter.Column : Y.Gutter.Row, spacing);
    if (node.counterAxisSpacing) yn.setGap(horizontal ? Y.Gutter.Row : Y.Gutter.Column, node.counterAxisSpacing);
    const justify = node.primaryAxisAlignItems ?? 'min';
    if (justify !== 'min') yn.setJustifyContent({ center: Y.Justify.Center, max: Y.Justify.FlexEnd, 'space-between': Y.Justify.SpaceBetween }[justify]);
    // Yoga stretches by default; Figma's default is 'min'.
    yn.setAlignItems({ min: Y.Align.FlexStart, center: Y.Align.Center, max: Y.Align.FlexEnd, stretch: Y.Align.Stretch }[node.counterAxisAlignItems ?? 'min']);
  }

  if (node.type === 'frame' || node.type === 'group') {
    (node.children ?? []).forEach((child, i) => {
      const c = build(Y, config, child, child.id ?? `${id}.${i}`, node, lang, false, docW, docH, families);
      yn.insertChild(c.yn, i);
      built.children.push(c);
    });
  }
  return built;
}

function groupExtent(node: IrNode, axis: 'w' | 'h'): number {
  if (node.type !== 'group' && node.type !== 'frame') return 0;
  let m = 0;
  for (const c of node.children ?? []) {
    const v = axis === 'w' ? (c.x ?? 0) + (c.width ?? groupExtent(c, 'w')) : (c.y ?? 0) + (c.height ?? groupExtent(c, 'h'));
    m = Math.max(m, v);
  }
  return m;
}

/** `hidden`: an ancestor is not visible (the node is laid out, not drawn). */
function collect(b: Built, ox: number, oy: number, warnings: MaterializedDocument['warnings'], hidden = false): MaterializedNode {
  const l = b.yn.getComputedLayout();
  const x = ox + l.left;
  const y = oy + l.top;
  const out: MaterializedNode = { id: b.id, type: b.node.type, node: b.node, x, y, width: l.width, height: l.height, children: [] };
  if (b.node.type === 'text') {
    const t = b.node;
    const prev = b.measured;
    const reusable =
      !!prev &&
      t.fit !== 'shrink' &&
      !prev.layout.truncated &&
      prev.layout.height <= l.height + 0.05 &&
      (prev.maxWidth === undefined
        ? prev.layout.width <= l.width + 0.05 && prev.layout.lines.length === t.text.split(/\r\n?|\n/).length
        : Math.abs(prev.maxWidth - l.width) < 0.01);
    out.text = prev && reusable ? prev.layout : b.layoutAt!(l.width + 0.05, t.fit === 'grow' ? undefined : l.height + 0.05);
    // Hidden text (laid out in a 0 x 0 box) is not drawn: nothing to report.
    const shown = !hidden && t.visible !== false;
    if (shown && out.text.overflow) {
      warnings.push({ id: b.id, code: 'text_overflow', message: 'text does not fit its box' });
    }
    if (shown && out.text.truncated) {
      const { lines, totalLines } = out.text;
      warnings.push({
        id: b.id,
        code: 'text_truncated',
        message: `text cut to ${lines.length} of ${totalLines} lines (${t.maxLines !== undefined && lines.length >= t.maxLines ? `maxLines ${t.maxLines}` : 'the box height'})${t.ellipsis !== false ? ' with an ellipsis' : ''}`,
      });
    }
    // fit: shrink set the text below its style's size (at most down to minFontSize) to fit its box.
    if (shown && t.fit === 'shrink' && t.fontSize !== undefined && out.text.fontSize < t.fontSize - 0.01) {
      const min = b.input!.minFontSize ?? Math.max(6, Math.round((b.input!.maxFontSize ?? t.fontSize) / 4));
      warnings.push({
        id: b.id,
        code: 'text_shrunk',
        message: `text shrunk from ${t.fontSize} px to ${out.text.fontSize} px to fit its box${out.text.fontSize <= min + 0.01 ? ` (its minimum, ${min} px)` : ''}`,
      });
    }
    const missing = shown ? missingGlyphs(b.input!) : [];
    if (missing.length) {
      const named = missing.slice(0, 5).map((ch) => `${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
      warnings.push({
        id: b.id,
        code: 'glyphs_missing',
        message: `no font has ${missing.length} of its characters (${named.join(', ')}${missing.length > 5 ? ', …' : ''}); they draw as boxes. Bring a font that has them in the document's fonts[] (Chinese, Japanese and Korean have no bundled face)`,
      });
    }
  }
  out.children = b.children.map((c) => collect(c, x, y, warnings, hidden || b.node.visible === false));
  return out;
}

/** Loads yoga and registers bundled fonts. Safe to call many times; `materialize` and `render*` call it. */
export async function initCreativeIr(options: FontOptions = {}): Promise<void> {
  ensureFonts(options);
  await loadYogaOnce();
}

/** One yoga configuration for every layout (never freed). */
let sharedConfig: YogaConfig | undefined;
function createConfig(yoga: LoadedYoga['yoga']): YogaConfig {
  const config = yoga.Config.create();
  config.setPointScaleFactor(0); // keep fractional layout; the renderer anti-aliases
  return config;
}

/**
 * Synchronous materialization; needs `await initCreativeIr()` once beforehand. Input must be a valid
 * IR. `families` maps the document's own font families to their registered names (`loadDocumentFonts`).
 */
export function materializeSync(doc: IrDocument, families?: ReadonlyMap<string, string>): MaterializedDocument {
  const { yoga, enums: Y } = yogaSync();
  ensureFonts();
  const config = (sharedConfig ??= createConfig(yoga));
  const lang = doc.lang ?? 'en';
  const built = build(Y, config, doc.root, doc.root.id ?? 'root', undefined, lang, true, doc.width, doc.height, families);
  try {
    built.yn.calculateLayout(doc.width, doc.height, Y.Direction.LTR);
    const warnings: MaterializedDocument['warnings'] = [];
    const rootX = doc.root.x ?? 0;
    const rootY = doc.root.y ?? 0;
    const root = collect(built, rootX, rootY, warnings);
    return { width: doc.width, height: doc.height, background: doc.background ?? '#ffffff', lang, doc, root, warnings };
  } finally {
    built.yn.freeRecursive();
  }
}

/**
 * Resolves every node (auto-layout frames included) to absolute boxes without rendering, with the
 * document's own fonts (`fonts[]`, resolved through `assets`) as the render uses them.
 * Validates the input first (throws `IrValidationError`).
 */
export async function materialize(ir: unknown, options: { assets?: AssetResolver } = {}): Promise<MaterializedDocument> {
  const { doc, fonts } = await materializeWithFonts(parseIr(ir), options.assets);
  return fonts.families.size ? withGivenFamilies(doc, fonts.families) : doc;
}

/**
 * The document with its text naming the families the document gave (`fonts[].family`, as first
 * spelled there), not the internal names they were registered under for drawing (`DejaVu Serif
 * 307fef94090f9ef5`, see `registerDocumentFamily`): those are an implementation detail a caller of
 * `materialize` must never see. Copies the nodes it changes: the text layouts are shared (cached).
 */
function withGivenFamilies(doc: MaterializedDocument, families: ReadonlyMap<string, string>): MaterializedDocument {
  const given = new Map<string, string>();
  for (const f of doc.doc.fonts ?? []) {
    const internal = families.get(f.family.toLowerCase());
    if (internal && !given.has(internal)) given.set(internal, f.family);
  }
  const rename = (n: MaterializedNode): MaterializedNode => {
    const family = n.text && given.get(n.text.family);
    return { ...n, ...(family ? { text: { ...n.text!, family } } : {}), children: n.children.map(rename) };
  };
  return { ...doc, root: rename(doc.root) };
}

/**
 * Materializes a valid document with the fonts it brings (`fonts[]`, resolved through `assets`;
 * those that cannot be read become warnings), as `materialize` and every render do. Awaits nothing
 * once yoga is loaded when the document brings no font: each await is a turn of the microtask queue.
 */
export async function materializeWithFonts(doc: IrDocument, assets: AssetResolver | undefined): Promise<{ doc: MaterializedDocument; fonts: DocumentFonts }> {
  if (!yogaReady()) await initCreativeIr();
  else ensureFonts();
  const fonts = doc.fonts?.some((f) => f.src) ? await loadDocumentFonts(doc, assets) : NO_DOCUMENT_FONTS;
  const out = materializeSync(doc, fonts.families);
  out.warnings.push(...fonts.warnings);
  attachDocumentFonts(out, fonts);
  return { doc: out, fonts };
}

/** Flattens a materialized tree (depth first) for lookups in tests and tools. */
export function flattenMaterialized(root: MaterializedNode): MaterializedNode[] {
  const out: MaterializedNode[] = [];
  const walk = (n: MaterializedNode) => {
    out.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}
