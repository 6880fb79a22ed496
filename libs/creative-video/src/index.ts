/**
 * @platform/creative-video: the frame pipeline. Timelines of scenes (Creative IR documents,
 * images, procedural styles) with motions and transitions drawn by us, composited frame by
 * frame and piped as raw pixels into ffmpeg; audio mixed in one pass; beat detection.
 * Plain TypeScript beside @platform/creative-ir: no framework, no database, no environment reads.
 */
export * from './types';
export * from './ffmpeg';
export * from './audio';
export * from './easing';
export * from './catalogue';
export * from './validate';
export * from './timeline';
export * from './compositor';
export * from './encoder';
export * from './render';
export * from './audio/mix';
export * from './beats/beats';
export * from './compose/compose';
export * from './presets';
