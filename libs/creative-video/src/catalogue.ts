import type { AnimationPreset } from '@platform/creative-ir';
import type { CatalogueEntry } from './easing';
import type { Motion, Transition } from './types';

/** Motions, as /v1/capabilities lists them. */
export const MOTION_INFO: readonly (CatalogueEntry & { id: Motion; defaultEasing: string })[] = [
  { id: 'none', name: 'None', description: 'The scene holds still.', defaultEasing: 'linear' },
  { id: 'zoom_in', name: 'Zoom in', description: 'Scales from 100% to 115% around the centre over the scene.', defaultEasing: 'ease_in_out' },
  { id: 'zoom_out', name: 'Zoom out', description: 'Scales from 115% to 100% around the centre over the scene.', defaultEasing: 'ease_in_out' },
  { id: 'pan_left', name: 'Pan left', description: 'The content, at 112%, moves leftwards across its margin (no borders show).', defaultEasing: 'ease_in_out' },
  { id: 'pan_right', name: 'Pan right', description: 'The content, at 112%, moves rightwards across its margin.', defaultEasing: 'ease_in_out' },
  { id: 'pan_up', name: 'Pan up', description: 'The content, at 112%, moves upwards across its margin.', defaultEasing: 'ease_in_out' },
  { id: 'pan_down', name: 'Pan down', description: 'The content, at 112%, moves downwards across its margin.', defaultEasing: 'ease_in_out' },
  {
    id: 'ken_burns',
    name: 'Ken Burns',
    description: 'Zooms from 100% to 125% while drifting toward the focal point (`focal`, default the centre).',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'rise',
    name: 'Rise',
    description: 'Designs: the content rises 8% of the height and fades in over its background during the first half. Images: a slow upward drift at 110%.',
    defaultEasing: 'ease_out',
  },
  {
    id: 'pop',
    name: 'Pop',
    description: 'Designs: the content scales from 85% to 100% with a small overshoot and fades in over its background. Images: settles from 125% to 105%.',
    defaultEasing: 'ease_out_back',
  },
  {
    id: 'stagger',
    name: 'Stagger',
    description:
      "Designs: the background stays, and the design's top-level nodes enter one after another (each rises and fades in, half overlapping the previous), all in by 60% of the scene. Procedural scenes: title and eyebrow enter in turn. Images: as pop.",
    defaultEasing: 'ease_out',
  },
];

/** Transitions between scenes, as /v1/capabilities lists them. */
export const TRANSITION_INFO: readonly (CatalogueEntry & { id: Transition })[] = [
  { id: 'none', name: 'Cut', description: 'A hard cut.' },
  { id: 'fade', name: 'Cross-fade', description: 'The next scene fades in over the current one.' },
  { id: 'fade_black', name: 'Fade through black', description: 'The scene fades to black, then the next fades in from black.' },
  { id: 'slide_left', name: 'Slide left', description: 'The next scene enters from the right, pushing the current one out to the left.' },
  { id: 'slide_right', name: 'Slide right', description: 'The next scene enters from the left, pushing the current one out to the right.' },
  { id: 'slide_up', name: 'Slide up', description: 'The next scene enters from the bottom, pushing the current one out the top.' },
  { id: 'slide_down', name: 'Slide down', description: 'The next scene enters from the top, pushing the current one out the bottom.' },
  { id: 'wipe_left', name: 'Wipe left', description: 'An edge moving from right to left uncovers the next scene.' },
  { id: 'wipe_right', name: 'Wipe right', description: 'An edge moving from left to right uncovers the next scene.' },
  { id: 'wipe_up', name: 'Wipe up', description: 'An edge moving from bottom to top uncovers the next scene.' },
  { id: 'wipe_down', name: 'Wipe down', description: 'An edge moving from top to bottom uncovers the next scene.' },
  { id: 'zoom', name: 'Zoom through', description: 'The current scene zooms in and fades out while the next settles from 120% to 100%.' },
  { id: 'circle', name: 'Circle reveal', description: 'The next scene appears in a circle growing from the centre.' },
];

/** Entrance and exit presets of a node's `animation` (the IR's AnimationPresetSchema), as /v1/capabilities lists them. */
export const NODE_ANIMATION_INFO: readonly (CatalogueEntry & { id: AnimationPreset })[] = [
  { id: 'none', name: 'None', description: 'The node is there for the whole scene (an exit of none: it stays to the end).' },
  { id: 'fade', name: 'Fade', description: 'Opacity from 0 to the node’s own (an exit: back to 0).' },
  { id: 'rise', name: 'Rise', description: 'Moves up 6% of the page height into place while it fades in.' },
  { id: 'drop', name: 'Drop', description: 'Comes down 6% of the page height into place while it fades in.' },
  { id: 'slide_left', name: 'Slide left', description: 'Enters moving leftwards from 12% of the page width to its right (an exit leaves to the left).' },
  { id: 'slide_right', name: 'Slide right', description: 'Enters moving rightwards from 12% of the page width to its left (an exit leaves to the right).' },
  { id: 'slide_up', name: 'Slide up', description: 'Enters moving upwards from 12% of the page height below (an exit leaves upwards).' },
  { id: 'slide_down', name: 'Slide down', description: 'Enters moving downwards from 12% of the page height above (an exit leaves downwards).' },
  { id: 'scale', name: 'Scale', description: 'Grows from 90% to 100% around its centre while it fades in.' },
  { id: 'pop', name: 'Pop', description: 'Grows from 85% to 100% with a small overshoot (ease_out_back) while it fades in.' },
  { id: 'typewriter', name: 'Typewriter', description: 'A text appears character by character over the duration; other nodes fade.' },
  { id: 'wipe', name: 'Wipe', description: 'Revealed from left to right by a moving edge (an exit: hidden the same way).' },
];

/** The fields of a raw keyframe of a node's `animation.keyframes`, as /v1/capabilities lists them. */
export const KEYFRAME_PROPERTY_INFO: readonly { id: string; description: string }[] = [
  { id: 'at', description: 'Seconds from the start of the scene (0 to 300); keyframes in increasing order.' },
  { id: 'opacity', description: 'Multiplies the node’s opacity, 0 to 1.' },
  { id: 'x', description: 'Horizontal offset in page pixels from the node’s laid-out position.' },
  { id: 'y', description: 'Vertical offset in page pixels from the node’s laid-out position.' },
  { id: 'scale', description: 'Scale around the node’s centre, 0 to 20 (1 is its size).' },
  { id: 'rotation', description: 'Degrees clockwise around the node’s centre, added to its `rotation`.' },
  { id: 'easing', description: 'How the values get here from the previous keyframe (one of the easings; default ease_in_out).' },
];
