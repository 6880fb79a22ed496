import {
  buildTemplate,
  CreativeInputError,
  IrValidationError,
  materialize,
  RenderAbortedError,
  RenderCostError,
  renderHtml,
  renderIr,
  type BrandKit,
  type Brief,
  type IrIssue,
  type LayoutWarning,
  type MaterializedNode,
  type RenderFormat,
} from '@platform/creative-ir';
import { threadId } from 'node:worker_threads';
import subsetFont from 'subset-font';

/**
 * The CPU-heavy work of the service, as messages a worker thread can take: every field is
 * structured-clonable (no Buffers with pooled memory, no class instances). The same
 * `runRenderTask` runs in the worker threads and, with RENDER_WORKERS=0, on the main thread.
 */

/** Bytes of `asset:<id>` references, by id. */
export type AssetMap = Record<string, Uint8Array>;

export interface RenderTaskOptions {
  format: RenderFormat;
  /** Pixel density (the output is `scale` times the page size). */
  scale?: number;
  /** Resize the raster to this width after drawing (previews). */
  resizeWidth?: number;
  quality?: number;
  title?: string;
}

/**
 * Words a task shares with the thread that queued it (an Int32Array over a SharedArrayBuffer, which a blocked thread
 * can still read: no message is needed): `STOP` is set to 1 by the pool when the task's time is up (the drawing stops
 * at its next checkpoint), `THREAD` is set by the worker when it starts the task (its threadId + 1; 0 while queued).
 */
export const CONTROL = { STOP: 0, THREAD: 1, WORDS: 2 } as const;

export type RenderTask = (
  | { kind: 'render'; ir: unknown; assets: AssetMap; options: RenderTaskOptions; maxCostMs?: number }
  | { kind: 'html'; ir: unknown; assets: AssetMap; title?: string }
  | { kind: 'materialize'; ir: unknown; assets: AssetMap }
  /** `assets`: bytes of the brief's `asset:<id>` images (a transparent ground makes a cut-out); none for built-in samples. */
  | { kind: 'template'; template: string; brief: Brief; brand?: BrandKit; seed?: number; format?: Brief['format']; assets?: AssetMap }
  /** Fonts cut to the glyphs of `text` (HarfBuzz's subsetter, layout closure kept), each in its own format (bundles). */
  | { kind: 'subset_fonts'; fonts: Uint8Array[]; text: string }
) & { control?: SharedArrayBuffer };

/** The fonts of a `subset_fonts` task, in order; null for a font HarfBuzz could not cut (kept whole by the caller). */
export interface SubsetFontsOutput {
  fonts: (Uint8Array | null)[];
}

export interface RenderOutput {
  data: Uint8Array;
  mime: string;
  width: number;
  height: number;
  warnings: LayoutWarning[];
}

export interface TextLinesBox {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  font_size: number;
  line_height: number;
  baseline: number;
  direction: 'ltr' | 'rtl';
  lines: { text: string; width: number }[];
  truncated: boolean;
  overflow: boolean;
}

export interface MaterializedBox {
  id: string;
  type: string;
  name: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  text: TextLinesBox | null;
  children: MaterializedBox[];
}

export interface MaterializeOutput {
  width: number;
  height: number;
  root: MaterializedBox;
  warnings: LayoutWarning[];
}

export interface TemplateOutput {
  ir: Record<string, unknown>;
  width: number;
  height: number;
  seed: number;
  fontScale: number;
  warnings: string[];
  /** What the design leaves out or cuts, coded (`TemplateResult.notices`). */
  notices: LayoutWarning[];
}

/** Errors cross the thread boundary as data: their classes (and fields) do not survive structured cloning. */
export type TaskFailure =
  | { failed: 'ir'; issues: IrIssue[] }
  | { failed: 'input'; path: string; reason: string }
  /** Refused before drawing: the estimate passed the task's `maxCostMs`. */
  | { failed: 'cost'; estimateMs: number; limitMs: number; summary: string }
  /** Stopped by the pool (`CONTROL.STOP`): its time was up. */
  | { failed: 'stopped' };

export type TaskResult =
  { ok: true; value: RenderOutput | { html: string } | MaterializeOutput | TemplateOutput | SubsetFontsOutput } | ({ ok: false } & TaskFailure);

const round = (n: number) => Math.round(n * 1000) / 1000;

function box(m: MaterializedNode): MaterializedBox {
  const t = m.text;
  return {
    id: m.id,
    type: m.type,
    name: m.node.name ?? null,
    x: round(m.x),
    y: round(m.y),
    width: round(m.width),
    height: round(m.height),
    text: t
      ? {
          family: t.family,
          weight: t.weight,
          style: t.style,
          font_size: round(t.fontSize),
          line_height: round(t.lineHeight),
          baseline: round(t.baseline),
          direction: t.direction,
          lines: t.lines.map((l) => ({ text: l.text, width: round(l.width) })),
          truncated: t.truncated,
          overflow: t.overflow,
        }
      : null,
    children: m.children.map(box),
  };
}

/** Bytes as their own ArrayBuffer, so they can be moved to another thread without copying a shared pool. */
export function ownBytes(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
}

/** The render's budget: its cost limit, and its stop word when it has one. */
function budgetOf(task: { control?: SharedArrayBuffer; maxCostMs?: number }) {
  const words = task.control ? new Int32Array(task.control) : undefined;
  return { maxCostMs: task.maxCostMs, stop: words ? () => Atomics.load(words, CONTROL.STOP) !== 0 : undefined };
}

async function run(task: RenderTask): Promise<RenderOutput | { html: string } | MaterializeOutput | TemplateOutput | SubsetFontsOutput> {
  switch (task.kind) {
    case 'render': {
      const r = await renderIr(task.ir, { ...task.options, assets: task.assets, budget: budgetOf(task) });
      return { data: ownBytes(r.data), mime: r.mime, width: r.width, height: r.height, warnings: r.warnings };
    }
    case 'html':
      return { html: await renderHtml(task.ir, { assets: task.assets, title: task.title }) };
    case 'materialize': {
      const m = await materialize(task.ir, { assets: task.assets });
      return { width: m.width, height: m.height, root: box(m.root), warnings: m.warnings };
    }
    case 'template': {
      const r = await buildTemplate(task.template, {
        brief: task.brief,
        brand: task.brand,
        seed: task.seed,
        format: task.format ?? undefined,
        assets: task.assets,
      });
      return {
        ir: r.ir as unknown as Record<string, unknown>,
        width: r.format.width,
        height: r.format.height,
        seed: r.seed,
        fontScale: r.fontScale,
        warnings: r.warnings,
        notices: r.notices,
      };
    }
    case 'subset_fonts': {
      const fonts: (Uint8Array | null)[] = [];
      for (const f of task.fonts) {
        // The output keeps the input's format (TTF, OTF, WOFF, WOFF2).
        const cut = await subsetFont(Buffer.from(f.buffer, f.byteOffset, f.byteLength), task.text).catch(() => null);
        fonts.push(cut ? ownBytes(cut) : null);
      }
      return { fonts };
    }
  }
}

/** Runs one task; input errors come back as data (see `TaskFailure`), anything else throws. */
export async function runRenderTask(task: RenderTask): Promise<TaskResult> {
  if (task.control) {
    const words = new Int32Array(task.control);
    Atomics.store(words, CONTROL.THREAD, threadId + 1);
    if (Atomics.load(words, CONTROL.STOP) !== 0) return { ok: false, failed: 'stopped' };
  }
  try {
    return { ok: true, value: await run(task) };
  } catch (e) {
    if (e instanceof IrValidationError) return { ok: false, failed: 'ir', issues: e.issues };
    if (e instanceof CreativeInputError) return { ok: false, failed: 'input', path: e.path, reason: e.reason };
    if (e instanceof RenderCostError) return { ok: false, failed: 'cost', estimateMs: e.estimateMs, limitMs: e.limitMs, summary: e.summary };
    if (e instanceof RenderAbortedError) return { ok: false, failed: 'stopped' };
    throw e;
  }
}
