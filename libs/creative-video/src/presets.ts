import type { AnimationPreset, NodeAnimation } from '@platform/creative-ir';
import type { Easing, Motion, Transition } from './types';

/*
 * Family motion presets: each template family moves in its own style. A preset names the scene's camera motion (which
 * moves the background layers), the transition into the next scene, and an entrance per content role (title,
 * eyebrow/badge, body, call to action, logo, foreground image, rules). `applyFamilyPreset` writes those entrances as
 * `animation` on the nodes of a scene's IR that have none; `scenePreset` picks motion and transition when the request
 * names no motion. Neither ever overrides what the request or the IR names.
 */

/** What a node is in a layout, read from the ids and names the templates use (and that hand-made designs often share). */
export const NODE_ROLES = ['eyebrow', 'title', 'body', 'cta', 'logo', 'image', 'rule'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

/** The families of the template catalogue (see `TEMPLATE_FAMILIES`), plus `minimal`: type-only pages and designs made without a template. */
export const PRESET_FAMILIES = ['bold', 'photo-led', 'editorial', 'neon', 'pastel', 'minimal'] as const;
export type PresetFamily = (typeof PRESET_FAMILIES)[number];

/** One entrance of a role: the IR animation preset, its length (seconds) and easing. */
export interface RoleEntrance {
  preset: AnimationPreset;
  duration: number;
  easing: Easing;
}

export interface FamilyPreset {
  id: PresetFamily;
  name: string;
  description: string;
  /** The scene's camera motion when the request names none. */
  motion: Motion;
  /** The transition into the next scene when the request names none (videos; animate's entrance stays the request's). */
  transition: Transition;
  /** Seconds before the first entrance. */
  start: number;
  /** Seconds between successive entrances (eyebrow, title, body, call to action… in reading order). */
  stagger: number;
  /** Entrances by role; a role left out keeps still (it moves with the scene). */
  roles: Partial<Record<NodeRole, RoleEntrance>>;
}

const e = (preset: AnimationPreset, duration: number, easing: Easing): RoleEntrance => ({ preset, duration, easing });

/** The presets, as GET /v1/capabilities lists them (`video.family_presets`). */
export const FAMILY_PRESETS: readonly FamilyPreset[] = [
  {
    id: 'bold',
    name: 'Bold',
    description: 'Brand grounds with large shapes: the ground zooms in, the badge slides in, the headline scales up with a small overshoot, the button pops.',
    motion: 'zoom_in',
    transition: 'slide_left',
    start: 0.15,
    stagger: 0.14,
    roles: {
      eyebrow: e('slide_right', 0.5, 'ease_out'),
      title: e('scale', 0.6, 'ease_out_back'),
      body: e('rise', 0.6, 'ease_out'),
      cta: e('pop', 0.5, 'ease_out_back'),
      logo: e('fade', 0.5, 'ease_out'),
      image: e('scale', 0.7, 'ease_out'),
      rule: e('wipe', 0.5, 'ease_out'),
    },
  },
  {
    id: 'photo-led',
    name: 'Photo-led',
    description:
      'Photography first: a slow Ken Burns on the photo under the scrim, cross-fades between scenes, the headline slides up and the words rise in one after another.',
    motion: 'ken_burns',
    transition: 'fade',
    start: 0.25,
    stagger: 0.16,
    roles: {
      eyebrow: e('fade', 0.6, 'ease_out'),
      title: e('slide_up', 0.8, 'ease_out'),
      body: e('rise', 0.7, 'ease_out'),
      cta: e('rise', 0.6, 'ease_out'),
      logo: e('fade', 0.6, 'ease_out'),
      image: e('scale', 0.9, 'ease_out'),
      rule: e('wipe', 0.6, 'ease_in_out'),
    },
  },
  {
    id: 'editorial',
    name: 'Editorial',
    description: 'Paper, serif display and hairline rules: a slow Ken Burns, cross-fades, the text rises with a measured stagger and the rules draw across.',
    motion: 'ken_burns',
    transition: 'fade',
    start: 0.3,
    stagger: 0.2,
    roles: {
      eyebrow: e('rise', 0.8, 'ease_out'),
      title: e('rise', 0.9, 'ease_out'),
      body: e('rise', 0.8, 'ease_out'),
      cta: e('rise', 0.7, 'ease_out'),
      logo: e('fade', 0.8, 'ease_in_out'),
      image: e('fade', 0.9, 'ease_in_out'),
      rule: e('wipe', 0.8, 'ease_in_out'),
    },
  },
  {
    id: 'neon',
    name: 'Neon',
    description: 'Dark ink and glowing grids: the grid zooms out, scenes fade through black, the headline and the button pop, the rest scales in.',
    motion: 'zoom_out',
    transition: 'fade_black',
    start: 0.1,
    stagger: 0.12,
    roles: {
      eyebrow: e('scale', 0.45, 'ease_out'),
      title: e('pop', 0.55, 'ease_out_back'),
      body: e('fade', 0.5, 'ease_out'),
      cta: e('pop', 0.5, 'ease_out_back'),
      logo: e('fade', 0.5, 'ease_out'),
      image: e('scale', 0.6, 'ease_out_back'),
      rule: e('wipe', 0.4, 'ease_out'),
    },
  },
  {
    id: 'pastel',
    name: 'Pastel',
    description: 'Tinted paper, soft blobs and white cards: the ground drifts upward, scenes slide up, the badge drops in and the text rises softly.',
    motion: 'pan_up',
    transition: 'slide_up',
    start: 0.2,
    stagger: 0.15,
    roles: {
      eyebrow: e('drop', 0.6, 'ease_out'),
      title: e('rise', 0.7, 'ease_out'),
      body: e('fade', 0.6, 'ease_in_out'),
      cta: e('pop', 0.5, 'ease_out_back'),
      logo: e('fade', 0.6, 'ease_out'),
      image: e('scale', 0.7, 'ease_out'),
      rule: e('wipe', 0.6, 'ease_in_out'),
    },
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'Type-only pages and designs made without a template: a gentle zoom, cross-fades, everything fades in.',
    motion: 'zoom_in',
    transition: 'fade',
    start: 0.2,
    stagger: 0.15,
    roles: {
      eyebrow: e('fade', 0.6, 'ease_in_out'),
      title: e('fade', 0.7, 'ease_in_out'),
      body: e('fade', 0.6, 'ease_in_out'),
      cta: e('fade', 0.6, 'ease_in_out'),
      logo: e('fade', 0.6, 'ease_in_out'),
      image: e('fade', 0.7, 'ease_in_out'),
      rule: e('fade', 0.6, 'ease_in_out'),
    },
  },
];

/**
 * The family of each template of the catalogue (@platform/creative-ir `listTemplates()`; its catalogue/*.ts files group
 * them). `minimal-type` is drawn by the bold family but moves as `minimal`: a page of type alone.
 */
export const TEMPLATE_FAMILIES: Readonly<Record<string, PresetFamily>> = {
  'square-post': 'bold',
  announcement: 'bold',
  'minimal-type': 'minimal',
  story: 'photo-led',
  'landscape-banner': 'photo-led',
  product: 'photo-led',
  quote: 'editorial',
  listicle: 'editorial',
  event: 'neon',
  'data-card': 'neon',
  'stat-highlight': 'neon',
  'carousel-slide': 'pastel',
  testimonial: 'pastel',
  tip: 'pastel',
};

/** The preset of a template (`minimal` for none, or one the table does not know). */
export function familyPreset(template: string | null | undefined): FamilyPreset {
  const id = (template && TEMPLATE_FAMILIES[template]) || 'minimal';
  return FAMILY_PRESETS.find((p) => p.id === id)!;
}

export function presetById(id: string): FamilyPreset | undefined {
  return FAMILY_PRESETS.find((p) => p.id === id);
}

/** What a scene's request names: its motion and transition, each absent when not named. */
export interface SceneMotionRequest {
  motion?: Motion | string | null;
  transition?: Transition | string | null;
}

export interface ScenePresetChoice {
  /** The family preset applied, or null when the request named a motion (then nothing of a preset is used). */
  preset: PresetFamily | null;
  motion: Motion | null;
  transition: Transition | null;
}

/**
 * Motion and transition of a scene: a request that names a motion gets exactly what it names (no preset: its nodes keep
 * only the animations its IR has); one that names none gets its family's motion, its family's transition unless it
 * names one, and the family's entrances on its nodes. `motion`/`transition` null: the request's own (or the caller's default).
 */
export function scenePreset(req: SceneMotionRequest, template: string | null | undefined): ScenePresetChoice {
  if (req.motion != null) return { preset: null, motion: req.motion as Motion, transition: (req.transition as Transition | null | undefined) ?? null };
  const p = familyPreset(template);
  return { preset: p.id, motion: p.motion, transition: (req.transition as Transition | null | undefined) ?? p.transition };
}

// -------------------------------------------------------------------------------------------------
// Roles of nodes

interface AnyNode {
  type?: unknown;
  id?: unknown;
  name?: unknown;
  x?: unknown;
  y?: unknown;
  width?: unknown;
  height?: unknown;
  animation?: unknown;
  children?: unknown;
}

const ID_ROLES: Record<string, NodeRole> = {
  logo: 'logo',
  cta: 'cta',
  button: 'cta',
  'eyebrow-badge': 'eyebrow',
  eyebrow: 'eyebrow',
  badge: 'eyebrow',
  'date-box': 'eyebrow',
  mark: 'eyebrow',
  title: 'title',
  headline: 'title',
  figure: 'title',
  quote: 'title',
  subtitle: 'body',
  body: 'body',
  venue: 'body',
  author: 'body',
  features: 'body',
  agenda: 'body',
  list: 'body',
  chart: 'body',
  person: 'body',
  stars: 'body',
  divider: 'rule',
  rule: 'rule',
  'rule-top': 'rule',
  'rule-bottom': 'rule',
};

/** Names the templates give (Figma-like layer names): matched when the id says nothing. */
const NAME_ROLES: Record<string, NodeRole> = {
  logo: 'logo',
  'call to action': 'cta',
  button: 'cta',
  cta: 'cta',
  badge: 'eyebrow',
  eyebrow: 'eyebrow',
  display: 'title',
  title: 'title',
  headline: 'title',
  stat: 'title',
  quote: 'title',
  subtitle: 'body',
  body: 'body',
  meta: 'body',
  divider: 'rule',
  rule: 'rule',
};

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The role of a node, or null (a container to look inside, or a layer that moves with the scene). Images are `image`
 * only in the foreground (under 40% of the page: a cut-out, an avatar, an inset photo); a photo that fills the page or
 * half of it is background, moved by the camera. A frame or group is a role only by its id or name (`cta`, `Badge`…).
 */
export function nodeRole(node: AnyNode, page: { width: number; height: number }): NodeRole | null {
  const id = lower(node.id);
  const name = lower(node.name);
  if (id === 'logo' || name === 'logo') return 'logo';
  if (node.type === 'image') {
    const w = num(node.width);
    const h = num(node.height);
    if (w == null || h == null) return null;
    return (w * h) / Math.max(1, page.width * page.height) < 0.4 ? 'image' : null;
  }
  if (node.type === 'procedural') return null;
  const byId = ID_ROLES[id] ?? (/^(rule|divider)-/.test(id) ? 'rule' : undefined);
  if (byId) {
    // A `headline` frame holding the title and the subtitle is a container; as a text it is the title.
    if (byId === 'title' && id === 'headline' && Array.isArray(node.children)) return null;
    return byId;
  }
  if (id && /^(cta|button)[-_]/.test(id) && node.type !== 'text') return 'cta';
  const byName = NAME_ROLES[name];
  if (!byName) return null;
  if (byName === 'rule') return node.type === 'rect' || node.type === 'line' ? 'rule' : null;
  // Text-style names (display, body, meta…) say what a text is; on a frame they say nothing of its content.
  if (node.type !== 'text' && (byName === 'title' || byName === 'body')) return null;
  return byName;
}

// -------------------------------------------------------------------------------------------------
// Applying a preset

export interface ApplyPresetOptions {
  /** Seconds the scene lasts: every entrance is done by 60% of it (delays and durations scaled down when needed). */
  duration: number;
}

export interface AppliedPreset {
  /** The IR with the entrances (a copy; the input is not changed). */
  ir: unknown;
  /** Ids (or paths where a node has none) of the nodes given an animation, with their roles, in order of entrance. */
  animated: { node: string; role: NodeRole }[];
}

const hasAnimation = (n: AnyNode) => n.animation != null;

function anyAnimated(n: AnyNode): boolean {
  if (hasAnimation(n)) return true;
  return Array.isArray(n.children) && (n.children as AnyNode[]).some((c) => c && typeof c === 'object' && anyAnimated(c));
}

/**
 * Gives the nodes of a scene's IR that have no `animation` the family's entrance for their role, in reading order
 * (document order), each `stagger` seconds after the previous; the logo comes in with the last of them, foreground
 * images at the start. A node that has an animation keeps it, and nothing inside it or around it is animated on top of
 * it (a role container with an animated descendant is looked into instead). Nodes of no role are left alone: they move
 * with the scene's camera motion. Pure: answers a copy.
 */
export function applyFamilyPreset(ir: unknown, family: FamilyPreset | PresetFamily, opts: ApplyPresetOptions): AppliedPreset {
  const preset = typeof family === 'string' ? presetById(family) : family;
  if (!preset) throw new Error(`unknown motion preset ${JSON.stringify(family)}`);
  if (!ir || typeof ir !== 'object') return { ir, animated: [] };
  const doc = structuredClone(ir) as { width?: unknown; height?: unknown; root?: AnyNode };
  const page = { width: num(doc.width) ?? 1, height: num(doc.height) ?? 1 };
  if (!doc.root || typeof doc.root !== 'object') return { ir: doc, animated: [] };

  const found: { node: AnyNode; label: string; role: NodeRole }[] = [];
  const walk = (n: AnyNode, path: string) => {
    if (!n || typeof n !== 'object' || hasAnimation(n)) return;
    const role = nodeRole(n, page);
    if (role && preset.roles[role] && !anyAnimated(n)) {
      found.push({ node: n, label: typeof n.id === 'string' ? n.id : path, role });
      return;
    }
    if (Array.isArray(n.children)) (n.children as AnyNode[]).forEach((c, i) => walk(c, `${path}.children.${i}`));
  };
  // The page frame itself is never animated: it is the scene.
  if (Array.isArray(doc.root.children)) (doc.root.children as AnyNode[]).forEach((c, i) => walk(c, `root.children.${i}`));

  // Timing: images first, then the words in reading order, the logo with the last of them.
  const words = found.filter((f) => f.role !== 'image' && f.role !== 'logo');
  const timed = found.map((f) => {
    const entrance = preset.roles[f.role]!;
    let k = 0;
    if (f.role === 'logo') k = Math.max(0, words.length - 1);
    else if (f.role !== 'image') k = words.indexOf(f);
    return { ...f, delay: preset.start + k * preset.stagger, entrance };
  });
  const end = Math.max(0, ...timed.map((t) => t.delay + t.entrance.duration));
  const limit = 0.6 * Math.max(0, opts.duration);
  const k = end > limit && end > 0 ? limit / end : 1;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  for (const t of timed) {
    const animation: NodeAnimation = {
      enter: { preset: t.entrance.preset, duration: Math.max(0.05, round(t.entrance.duration * k)), delay: round(t.delay * k), easing: t.entrance.easing },
    };
    t.node.animation = animation;
  }
  const order = [...timed].sort((a, b) => a.delay - b.delay);
  return { ir: doc, animated: order.map((t) => ({ node: t.label, role: t.role })) };
}
