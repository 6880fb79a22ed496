import type { AnimationPreset } from '@platform/creative-ir';
import type { CatalogueEntry } from './easing';
import type { Motion, Transition } from './types';

/** Motions, as /v1/capabilities lists them. */
export const MOTION_INFO: readonly (CatalogueEntry & { id: Motion; defaultEasing: string })[] = [
  { id: 'none', name: 'None', description: 'The scene holds still.', defaultEasing: 'linear' },
  {
    id: 'zoom_in',
    name: 'Zoom in',
    description: 'The background (photo, ground, decoration) scales from 100% to 115% about the centre; text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'zoom_out',
    name: 'Zoom out',
    description: 'The background scales from 115% to 100% about the centre; text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'pan_left',
    name: 'Pan left',
    description: 'The background, at 112%, moves leftwards across its margin (no borders show); text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'pan_right',
    name: 'Pan right',
    description: 'The background, at 112%, moves rightwards across its margin; text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'pan_up',
    name: 'Pan up',
    description: 'The background, at 112%, moves upwards across its margin; text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'pan_down',
    name: 'Pan down',
    description: 'The background, at 112%, moves downwards across its margin; text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'ken_burns',
    name: 'Ken Burns',
    description:
      'The background zooms from 100% to 125% while drifting toward the focal point (`focal`, default the centre); text, buttons and logo stay in place.',
    defaultEasing: 'ease_in_out',
  },
  {
    id: 'rise',
    name: 'Rise',
    description:
      'Designs: text, buttons and logo rise 8% of the height and fade in over a still background during the first half. Images: a slow upward drift at 110%.',
    defaultEasing: 'ease_out',
  },
  {
    id: 'pop',
    name: 'Pop',
    description:
      'Designs: text, buttons and logo scale from 85% to 100% with a small overshoot and fade in over a still background. Images: settles from 125% to 105%.',
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
  {
    id: 'fade',
    name: 'Cross-fade',
    description:
      'The next scene fades in over the current one. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'fade_black',
    name: 'Fade through black',
    description:
      'The scene fades to black, then the next fades in from black. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_left',
    name: 'Slide left',
    description:
      'The next scene enters from the right, pushing the current one out to the left. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_right',
    name: 'Slide right',
    description:
      'The next scene enters from the left, pushing the current one out to the right. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_up',
    name: 'Slide up',
    description:
      'The next scene enters from the bottom, pushing the current one out the top. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_down',
    name: 'Slide down',
    description:
      'The next scene enters from the top, pushing the current one out the bottom. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'wipe_left',
    name: 'Wipe left',
    description:
      'An edge moving from right to left uncovers the next scene. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'wipe_right',
    name: 'Wipe right',
    description:
      'An edge moving from left to right uncovers the next scene. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'wipe_up',
    name: 'Wipe up',
    description:
      'An edge moving from bottom to top uncovers the next scene. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'wipe_down',
    name: 'Wipe down',
    description:
      'An edge moving from top to bottom uncovers the next scene. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'zoom',
    name: 'Zoom through',
    description:
      'The current scene zooms in and fades out while the next settles from 120% to 100%. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'circle',
    name: 'Circle reveal',
    description:
      'The next scene appears in a circle growing from the centre. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
];

/** Entrance and exit presets of a node's `animation` (the IR's AnimationPresetSchema), as /v1/capabilities lists them. */
export const NODE_ANIMATION_INFO: readonly (CatalogueEntry & { id: AnimationPreset })[] = [
  { id: 'none', name: 'None', description: 'The node is there for the whole scene (an exit of none: it stays to the end).' },
  {
    id: 'fade',
    name: 'Fade',
    description:
      'Opacity from 0 to the node’s own (an exit: back to 0). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'rise',
    name: 'Rise',
    description:
      'Moves up 6% of the page height into place while it fades in. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'drop',
    name: 'Drop',
    description:
      'Comes down 6% of the page height into place while it fades in. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_left',
    name: 'Slide left',
    description:
      'Enters moving leftwards from 12% of the page width to its right (an exit leaves to the left). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_right',
    name: 'Slide right',
    description:
      'Enters moving rightwards from 12% of the page width to its left (an exit leaves to the right). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_up',
    name: 'Slide up',
    description:
      'Enters moving upwards from 12% of the page height below (an exit leaves upwards). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'slide_down',
    name: 'Slide down',
    description:
      'Enters moving downwards from 12% of the page height above (an exit leaves downwards). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'scale',
    name: 'Scale',
    description:
      'Grows from 90% to 100% around its centre while it fades in. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'pop',
    name: 'Pop',
    description:
      'Grows from 85% to 100% with a small overshoot (ease_out_back) while it fades in. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'typewriter',
    name: 'Typewriter',
    description:
      'A text appears character by character over the duration; other nodes fade. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'wipe',
    name: 'Wipe',
    description:
      'Revealed from left to right by a moving edge (an exit: hidden the same way). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
];

/** The fields of a raw keyframe of a node's `animation.keyframes`, as /v1/capabilities lists them. */
export const KEYFRAME_PROPERTY_INFO: readonly { id: string; description: string }[] = [
  {
    id: 'at',
    description:
      'Seconds from the start of the scene (0 to 300); keyframes in increasing order. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'opacity',
    description: 'Multiplies the node’s opacity, 0 to 1. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'x',
    description:
      'Horizontal offset in page pixels from the node’s laid-out position. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'y',
    description:
      'Vertical offset in page pixels from the node’s laid-out position. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'scale',
    description:
      'Scale around the node’s centre, 0 to 20 (1 is its size). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'rotation',
    description:
      'Degrees clockwise around the node’s centre, added to its `rotation`. Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
  {
    id: 'easing',
    description:
      'How the values get here from the previous keyframe (one of the easings; default ease_in_out). Backgrounds change mid-window; the outgoing text leaves before and the incoming text enters after.',
  },
];
