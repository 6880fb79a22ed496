import { z } from 'zod';

/**
 * The creative IR, written down once as zod schemas. Types are inferred from these schemas
 * and `irJsonSchema()` (json-schema.ts) derives the JSON Schema that the service publishes.
 *
 * Vocabulary follows Figma's auto-layout: layoutMode, layoutWrap, padding*, itemSpacing,
 * counterAxisSpacing, primaryAxisAlignItems, counterAxisAlignItems, layoutSizingHorizontal,
 * layoutSizingVertical, layoutPositioning, min/max sizes. Enum values are lower-case.
 */

export const IR_VERSION = 1 as const;

/** Largest page side in px (width and height of a document). */
export const MAX_PAGE_SIDE = 8192;

const finite = () => z.number().finite();
const nonNegative = () => z.number().finite().min(0);
const unit = () => z.number().finite().min(0).max(1);

/** CSS-like color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() or `transparent`. */
export const ColorSchema = z
  .string()
  .regex(
    /^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|hsla?\(\s*[\d.]+(deg)?\s*,\s*[\d.]+%\s*,\s*[\d.]+%\s*(,\s*[\d.]+%?\s*)?\)|transparent)$/,
    'must be a color: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or transparent',
  )
  .describe('CSS color');

export const GradientStopSchema = z.object({ offset: unit().describe('0..1 along the gradient'), color: ColorSchema }).strict();

export const PointSchema = z.object({ x: finite(), y: finite() }).strict();

export const SolidPaintSchema = z.object({ type: z.literal('solid'), color: ColorSchema, opacity: unit().optional() }).strict();

export const LinearGradientPaintSchema = z
  .object({
    type: z.literal('linear-gradient'),
    /** Degrees, CSS convention: 0 points up, 90 points right. Default 180 (top to bottom). */
    angle: finite().optional(),
    stops: z.array(GradientStopSchema).min(2, 'a gradient needs at least 2 stops'),
    opacity: unit().optional(),
  })
  .strict();

export const RadialGradientPaintSchema = z
  .object({
    type: z.literal('radial-gradient'),
    /** Center in the node box, 0..1 on each axis. Default {x:0.5,y:0.5}. */
    center: z.object({ x: finite(), y: finite() }).strict().optional(),
    /** Radius as a fraction of the box diagonal half-length. Default 1. */
    radius: z.number().finite().positive().optional(),
    stops: z.array(GradientStopSchema).min(2, 'a gradient needs at least 2 stops'),
    opacity: unit().optional(),
  })
  .strict();

export const PaintSchema = z.discriminatedUnion('type', [SolidPaintSchema, LinearGradientPaintSchema, RadialGradientPaintSchema]);

export const StrokeSchema = z
  .object({
    color: ColorSchema,
    width: z.number().finite().positive(),
    align: z.enum(['center', 'inside', 'outside']).optional(),
    dash: z.array(nonNegative()).max(16).optional(),
    cap: z.enum(['butt', 'round', 'square']).optional(),
    join: z.enum(['miter', 'round', 'bevel']).optional(),
  })
  .strict();

export const ShadowSchema = z
  .object({
    x: finite(),
    y: finite(),
    blur: nonNegative(),
    color: ColorSchema,
  })
  .strict();

export const BlendModeSchema = z.enum([
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
]);

export const SizingSchema = z.enum(['fixed', 'hug', 'fill']);

export const CornerRadiusSchema = z.union([
  nonNegative(),
  z.tuple([nonNegative(), nonNegative(), nonNegative(), nonNegative()]).describe('top-left, top-right, bottom-right, bottom-left'),
]);

const id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits, "_", ".", ":" and "-"');

/** Easing curves of node animations (the same names and curves as the video pipeline's motions). */
export const AnimationEasingSchema = z.enum(['linear', 'ease_in', 'ease_out', 'ease_in_out', 'ease_out_back']);

/**
 * Entrance and exit presets of a node in a video scene: `fade` (opacity), `rise` (up 6% of the page height and fade),
 * `drop` (down from above), `slide_left|right|up|down` (from/to that side, 12% of the page), `scale` (90% to 100%),
 * `pop` (85% to 100% with an overshoot), `typewriter` (text appears character by character, each line from its own start; other nodes are wiped in like `wipe`),
 * `wipe` (revealed left to right), `none` (present for the whole scene).
 */
export const AnimationPresetSchema = z.enum([
  'none',
  'fade',
  'rise',
  'drop',
  'slide_left',
  'slide_right',
  'slide_up',
  'slide_down',
  'scale',
  'pop',
  'typewriter',
  'wipe',
]);

/** One entrance or exit of a node: a preset, its length, its delay and its easing. Times in seconds. */
export const AnimationPhaseSchema = z
  .object({
    preset: AnimationPresetSchema,
    /** Seconds the entrance or exit takes. Default 0.6. */
    duration: z.number().finite().min(0.05).max(10).optional(),
    /** Entrance: seconds after the scene starts. Exit: seconds before the scene ends when it finishes. Default 0. */
    delay: z.number().finite().min(0).max(60).optional(),
    easing: AnimationEasingSchema.optional(),
  })
  .strict();

/**
 * A raw keyframe of a node in a video scene: at `at` seconds from the scene's start the node has these values; between
 * keyframes each value is interpolated with the later keyframe's `easing` (default ease_in_out). Offsets are in page
 * px from the node's laid-out position; `scale` and `rotation` are around the node's centre.
 */
export const AnimationKeyframeSchema = z
  .object({
    at: z.number().finite().min(0).max(300),
    opacity: unit().optional(),
    x: finite().optional(),
    y: finite().optional(),
    scale: z.number().finite().min(0).max(20).optional(),
    /** Degrees clockwise, added to the node's `rotation`. */
    rotation: finite().optional(),
    easing: AnimationEasingSchema.optional(),
  })
  .strict();

/**
 * How a node moves in a video (ignored by still renders): an `enter` and an `exit` preset, raw `keyframes`, or both
 * (keyframes apply on top of the presets). Nodes without it follow the scene's motion.
 */
export const AnimationSchema = z
  .object({
    enter: AnimationPhaseSchema.optional(),
    exit: AnimationPhaseSchema.optional(),
    keyframes: z
      .array(AnimationKeyframeSchema)
      .min(1)
      .max(64)
      .refine((k) => k.every((f, i) => i === 0 || f.at > k[i - 1].at), { message: 'keyframes must be in increasing `at` order' })
      .optional(),
  })
  .strict();

/** Properties every node has. */
export const BaseNodeShape = {
  id: id.optional(),
  name: z.string().max(256).optional(),
  x: finite().optional(),
  y: finite().optional(),
  width: nonNegative().optional(),
  height: nonNegative().optional(),
  /** Degrees clockwise around the node's center. */
  rotation: finite().optional(),
  opacity: unit().optional(),
  fills: z.array(PaintSchema).max(16).optional(),
  strokes: z.array(StrokeSchema).max(8).optional(),
  /** Drop shadows, cast by the node's shape; an image's by what it draws (its alpha: a cut-out's outline, not its box). */
  shadows: z.array(ShadowSchema).max(8).optional(),
  /** Layer blur radius in px. */
  blur: nonNegative().optional(),
  blendMode: BlendModeSchema.optional(),
  visible: z.boolean().optional(),
  /** Inside an auto-layout parent: `absolute` takes the child out of the flow (x/y relative to the parent). */
  layoutPositioning: z.enum(['auto', 'absolute']).optional(),
  layoutSizingHorizontal: SizingSchema.optional(),
  layoutSizingVertical: SizingSchema.optional(),
  /** Per-child override of the parent's counter axis alignment (Figma's layoutAlign). */
  layoutAlign: z.enum(['inherit', 'stretch', 'min', 'center', 'max']).optional(),
  /** Flex grow along the parent's primary axis (Figma's layoutGrow). */
  layoutGrow: nonNegative().optional(),
  minWidth: nonNegative().optional(),
  maxWidth: nonNegative().optional(),
  minHeight: nonNegative().optional(),
  maxHeight: nonNegative().optional(),
  /** Free data carried along untouched. */
  custom: z.record(z.unknown()).optional(),
  /** Motion of this node in a video scene (enter/exit presets, keyframes); still renders ignore it. */
  animation: AnimationSchema.optional(),
};

export const TextAlignSchema = z.enum(['left', 'center', 'right', 'justify', 'start', 'end']);

export const TextNodeSchema = z
  .object({
    type: z.literal('text'),
    ...BaseNodeShape,
    text: z.string().max(20_000),
    fontFamily: z.string().min(1).max(128).optional(),
    fontWeight: z.number().int().min(100).max(900).optional(),
    fontStyle: z.enum(['normal', 'italic']).optional(),
    fontSize: z.number().finite().positive().max(2000).optional(),
    /** Multiple of the font size (e.g. 1.2) when <= 10, otherwise pixels. */
    lineHeight: z.number().finite().positive().optional(),
    /** Pixels added between characters. */
    letterSpacing: finite().optional(),
    color: ColorSchema.optional(),
    textAlign: TextAlignSchema.optional(),
    verticalAlign: z.enum(['top', 'middle', 'bottom']).optional(),
    textTransform: z.enum(['none', 'uppercase', 'lowercase', 'capitalize']).optional(),
    textDecoration: z.enum(['none', 'underline', 'line-through']).optional(),
    direction: z.enum(['ltr', 'rtl', 'auto']).optional(),
    maxLines: z.number().int().positive().optional(),
    /** Append an ellipsis when text is cut by maxLines or by the box height. Default true. */
    ellipsis: z.boolean().optional(),
    /** none: keep the font size; shrink: largest size in [minFontSize, maxFontSize] that fits the box; grow: the box grows to the text. */
    fit: z.enum(['none', 'shrink', 'grow']).optional(),
    minFontSize: z.number().finite().positive().optional(),
    maxFontSize: z.number().finite().positive().optional(),
    /** wrap (default): greedy lines; balance: lines of even length with no single word alone on the last line when another arrangement fits (as CSS `text-wrap: balance`), for headlines. */
    textWrap: z.enum(['wrap', 'balance']).optional(),
    /** Language of this text (BCP 47), for shaping and hyphenation; default the document's `lang`. */
    lang: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .optional(),
  })
  .strict();

/** Whether `s` is an image reference the IR takes: `asset:<id>` or a base64 `data:image/...` URL. */
export const isImageSrc = (s: string): boolean => /^asset:[A-Za-z0-9_.:/-]{1,256}$/.test(s) || /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/.test(s);

/**
 * What is wrong with an image reference that is not one. A web address is never fetched while a design is built or
 * rendered (nothing leaves the service from there): it must become an asset first, which the service's URL import does
 * through its SSRF-guarded fetch.
 */
export const imageSrcProblem = (s: string): { message: string } => ({
  message: /^https?:\/\//i.test(s)
    ? 'must be "asset:<id>" or a base64 data URL: a web address is not fetched here; import it first as an asset (POST /v1/assets with {"url": "…"}, or the MCP tool upload_asset with `url`) and give "asset:<id>"'
    : 'must be "asset:<id>" or a base64 data URL (data:image/<type>;base64,...)',
});

export const ImageNodeSchema = z
  .object({
    type: z.literal('image'),
    ...BaseNodeShape,
    /** `asset:<id>` (resolved through render options) or a `data:image/...;base64,` URL. */
    src: z.string().refine(isImageSrc, imageSrcProblem),
    fit: z.enum(['cover', 'contain', 'fill']).optional(),
    /** Point of interest kept in view by `cover`, 0..1 on each axis. Default center. */
    focalPoint: z.object({ x: unit(), y: unit() }).strict().optional(),
    cornerRadius: CornerRadiusSchema.optional(),
  })
  .strict();

export const RectNodeSchema = z.object({ type: z.literal('rect'), ...BaseNodeShape, cornerRadius: CornerRadiusSchema.optional() }).strict();

export const EllipseNodeSchema = z.object({ type: z.literal('ellipse'), ...BaseNodeShape }).strict();

export const LineNodeSchema = z
  .object({
    type: z.literal('line'),
    ...BaseNodeShape,
    /** Line end points in the node box; default from (0, 0) to (width, height). */
    points: z.tuple([PointSchema, PointSchema]).optional(),
  })
  .strict();

export const PathNodeSchema = z
  .object({
    type: z.literal('path'),
    ...BaseNodeShape,
    /** SVG path data. */
    d: z.string().min(1).max(100_000),
    /** Coordinate system of `d` (minX, minY, width, height); scaled to the node box. Default: the node box. */
    viewBox: z.tuple([finite(), finite(), z.number().finite().positive(), z.number().finite().positive()]).optional(),
    fillRule: z.enum(['nonzero', 'evenodd']).optional(),
  })
  .strict();

export const PROCEDURAL_STYLE_IDS = ['mesh', 'noise', 'waves', 'grain', 'aurora', 'grid', 'blobs', 'rays', 'topography', 'halftone'] as const;

export const ProceduralStyleSchema = z.enum(PROCEDURAL_STYLE_IDS);

export const ProceduralParamsShape = {
  style: ProceduralStyleSchema,
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  /** Amount of detail, 0.1..4. Default 1. */
  density: z.number().finite().min(0.1).max(4).optional(),
  /** Animation phase; phase and phase + 1 give the same picture, small steps give smooth motion. */
  phase: finite().optional(),
  palette: z.array(ColorSchema).min(1).max(8).optional(),
  tone: z.enum(['light', 'dark', 'vivid', 'muted']).optional(),
};

export const ProceduralNodeSchema = z
  .object({ type: z.literal('procedural'), ...BaseNodeShape, ...ProceduralParamsShape, cornerRadius: CornerRadiusSchema.optional() })
  .strict();

export const FrameOwnShape = {
  layoutMode: z.enum(['none', 'horizontal', 'vertical']).optional(),
  layoutWrap: z.enum(['no-wrap', 'wrap']).optional(),
  paddingTop: nonNegative().optional(),
  paddingRight: nonNegative().optional(),
  paddingBottom: nonNegative().optional(),
  paddingLeft: nonNegative().optional(),
  itemSpacing: finite().optional(),
  /** Spacing between wrapped rows/columns. */
  counterAxisSpacing: nonNegative().optional(),
  primaryAxisAlignItems: z.enum(['min', 'center', 'max', 'space-between']).optional(),
  counterAxisAlignItems: z.enum(['min', 'center', 'max', 'stretch']).optional(),
  cornerRadius: CornerRadiusSchema.optional(),
  clipContent: z.boolean().optional(),
};

/* Recursive types are written by hand; the schemas below are checked against them. */
export type TextNode = z.infer<typeof TextNodeSchema>;
export type ImageNode = z.infer<typeof ImageNodeSchema>;
export type RectNode = z.infer<typeof RectNodeSchema>;
export type EllipseNode = z.infer<typeof EllipseNodeSchema>;
export type LineNode = z.infer<typeof LineNodeSchema>;
export type PathNode = z.infer<typeof PathNodeSchema>;
export type ProceduralNode = z.infer<typeof ProceduralNodeSchema>;
type BaseProps = z.infer<z.ZodObject<typeof BaseNodeShape>>;
type FrameOwnProps = z.infer<z.ZodObject<typeof FrameOwnShape>>;
export type FrameNode = BaseProps & FrameOwnProps & { type: 'frame'; children?: IrNode[] };
export type GroupNode = BaseProps & { type: 'group'; clipContent?: boolean; children?: IrNode[] };
export type IrNode = FrameNode | GroupNode | TextNode | ImageNode | RectNode | EllipseNode | LineNode | PathNode | ProceduralNode;
export type NodeType = IrNode['type'];

// eslint-disable-next-line prefer-const
export let NodeSchema: z.ZodType<IrNode>;
const childNodes = () =>
  z
    .array(z.lazy(() => NodeSchema))
    .max(2000)
    .optional();

export const FrameNodeSchema = z.object({ type: z.literal('frame'), ...BaseNodeShape, ...FrameOwnShape, children: childNodes() }).strict();

export const GroupNodeSchema = z.object({ type: z.literal('group'), ...BaseNodeShape, clipContent: z.boolean().optional(), children: childNodes() }).strict();

const NODE_SCHEMAS = {
  frame: FrameNodeSchema,
  group: GroupNodeSchema,
  text: TextNodeSchema,
  image: ImageNodeSchema,
  rect: RectNodeSchema,
  ellipse: EllipseNodeSchema,
  line: LineNodeSchema,
  path: PathNodeSchema,
  procedural: ProceduralNodeSchema,
} as const;

export const NODE_TYPES = Object.keys(NODE_SCHEMAS) as NodeType[];

/** Dispatches on `type`, so an error inside a node is reported at its own path. */
NodeSchema = z.discriminatedUnion('type', [
  FrameNodeSchema,
  GroupNodeSchema,
  TextNodeSchema,
  ImageNodeSchema,
  RectNodeSchema,
  EllipseNodeSchema,
  LineNodeSchema,
  PathNodeSchema,
  ProceduralNodeSchema,
]) as unknown as z.ZodType<IrNode>;

export function nodeSchemaFor(type: string): z.ZodTypeAny | undefined {
  return (NODE_SCHEMAS as Record<string, z.ZodTypeAny>)[type];
}

export const FontFaceSchema = z
  .object({
    family: z.string().min(1).max(128),
    weight: z.number().int().min(100).max(900).optional(),
    style: z.enum(['normal', 'italic']).optional(),
    /** A font file (TTF, OTF, WOFF or WOFF2) as a base64 data URL, or `asset:<id>`. Omit to use a bundled family. */
    src: z.string().max(20_000_000).optional(),
  })
  .strict();

export const IrDocumentSchema = z
  .object({
    version: z.literal(IR_VERSION),
    width: z.number().int().min(1).max(MAX_PAGE_SIDE),
    height: z.number().int().min(1).max(MAX_PAGE_SIDE),
    /** Page color or paint below the root. Default white. */
    background: z.union([ColorSchema, PaintSchema]).optional(),
    fonts: z.array(FontFaceSchema).max(32).optional(),
    /** Locale for text shaping (`ctx.lang`); pinned for deterministic output. Default `en`. */
    lang: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .optional(),
    root: FrameNodeSchema,
    metadata: z.record(z.unknown()).optional(),
  })
  .strict();

export type Paint = z.infer<typeof PaintSchema>;
export type Stroke = z.infer<typeof StrokeSchema>;
export type Shadow = z.infer<typeof ShadowSchema>;
export type NodeAnimation = z.infer<typeof AnimationSchema>;
export type AnimationPhase = z.infer<typeof AnimationPhaseSchema>;
export type AnimationKeyframe = z.infer<typeof AnimationKeyframeSchema>;
export type AnimationPreset = z.infer<typeof AnimationPresetSchema>;
export type BlendMode = z.infer<typeof BlendModeSchema>;
export type Sizing = z.infer<typeof SizingSchema>;
export type CornerRadius = z.infer<typeof CornerRadiusSchema>;
export type FontFace = z.infer<typeof FontFaceSchema>;
export type ProceduralStyleId = z.infer<typeof ProceduralStyleSchema>;
export type IrDocument = Omit<z.infer<typeof IrDocumentSchema>, 'root'> & { root: FrameNode };
