import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { drawProcedural } from '../procedural/procedural';
import type { Ctx } from '../render/draw';
import type { IrDocument } from '../schema/ir-schema';

/**
 * Representative designs shared by the golden tests and tools/bench/render:
 * text, gradient, image, procedural background, and a mixed one (1080x1080).
 */
export interface Design {
  name: (typeof DESIGN_NAMES)[number];
  ir: IrDocument;
  assets: Record<string, Buffer>;
}

let photo: Buffer | undefined;
/** A deterministic 960x720 JPEG "photo" (procedural noise), generated locally. */
export async function samplePhoto(): Promise<Buffer> {
  if (!photo) {
    const c = createCanvas(960, 720);
    drawProcedural(
      c.getContext('2d') as unknown as Ctx,
      { style: 'noise', seed: 3, palette: ['#0f3057', '#00587a', '#008891', '#e7e7de', '#f4a261'] },
      960,
      720,
    );
    photo = await sharp(c.data(), { raw: { width: 960, height: 720, channels: 4 } })
      .removeAlpha()
      .jpeg({ quality: 85 })
      .toBuffer();
  }
  return photo;
}

export const BODY =
  'Good design is as little design as possible. Less, but better, because it concentrates on the essential aspects, and the products are not burdened with non-essentials. Back to purity, back to simplicity.';

/** The designs' names in the order designs() answers them, known before any is built (tests are named by them). */
export const DESIGN_NAMES = ['text', 'gradient', 'image', 'procedural', 'mixed'] as const;

export async function designs(): Promise<Design[]> {
  const img = await samplePhoto();
  const W = 1080;
  const text: IrDocument = {
    version: 1,
    width: W,
    height: W,
    background: '#fbfaf7',
    root: {
      type: 'frame',
      id: 'root',
      layoutMode: 'vertical',
      paddingTop: 96,
      paddingLeft: 96,
      paddingRight: 96,
      paddingBottom: 96,
      itemSpacing: 32,
      children: [
        {
          type: 'text',
          id: 'eyebrow',
          text: 'DESIGN NOTES · Nº 12',
          fontSize: 28,
          fontWeight: 700,
          letterSpacing: 3,
          color: '#b45309',
          layoutSizingHorizontal: 'fill',
        },
        {
          type: 'text',
          id: 'title',
          text: 'Ten principles for good design, revisited',
          fontFamily: 'Playfair Display',
          fontWeight: 700,
          fontSize: 84,
          lineHeight: 1.1,
          color: '#1c1917',
          layoutSizingHorizontal: 'fill',
        },
        { type: 'text', id: 'body', text: BODY, fontFamily: 'Lora', fontSize: 36, lineHeight: 1.5, color: '#44403c', layoutSizingHorizontal: 'fill' },
        { type: 'text', id: 'meta', text: 'Dieter Rams — 1970s', fontFamily: 'JetBrains Mono', fontSize: 28, color: '#57534e', layoutSizingHorizontal: 'fill' },
      ],
    },
  };
  const gradient: IrDocument = {
    version: 1,
    width: W,
    height: W,
    background: {
      type: 'linear-gradient',
      angle: 135,
      stops: [
        { offset: 0, color: '#4f46e5' },
        { offset: 0.5, color: '#db2777' },
        { offset: 1, color: '#f59e0b' },
      ],
    },
    root: {
      type: 'frame',
      id: 'root',
      children: [
        {
          type: 'ellipse',
          id: 'glow',
          x: 540,
          y: -120,
          width: 700,
          height: 700,
          fills: [
            {
              type: 'radial-gradient',
              stops: [
                { offset: 0, color: 'rgba(255,255,255,0.7)' },
                { offset: 1, color: 'rgba(255,255,255,0)' },
              ],
            },
          ],
        },
        {
          type: 'rect',
          id: 'card',
          x: 140,
          y: 340,
          width: 800,
          height: 400,
          cornerRadius: 48,
          fills: [
            {
              type: 'linear-gradient',
              angle: 90,
              stops: [
                { offset: 0, color: 'rgba(255,255,255,0.35)' },
                { offset: 1, color: 'rgba(255,255,255,0.1)' },
              ],
            },
          ],
        },
        {
          type: 'rect',
          id: 'bar',
          x: 140,
          y: 800,
          width: 800,
          height: 24,
          cornerRadius: 12,
          fills: [
            {
              type: 'linear-gradient',
              angle: 90,
              stops: [
                { offset: 0, color: '#22d3ee' },
                { offset: 1, color: '#a3e635' },
              ],
            },
          ],
        },
      ],
    },
  };
  const image: IrDocument = {
    version: 1,
    width: W,
    height: W,
    background: '#000000',
    root: {
      type: 'frame',
      id: 'root',
      children: [
        { type: 'image', id: 'photo', src: 'asset:photo', x: 0, y: 0, width: W, height: W, fit: 'cover', focalPoint: { x: 0.3, y: 0.5 } },
        {
          type: 'rect',
          id: 'scrim',
          x: 0,
          y: 640,
          width: W,
          height: 440,
          fills: [
            {
              type: 'linear-gradient',
              angle: 180,
              stops: [
                { offset: 0, color: 'rgba(0,0,0,0)' },
                { offset: 1, color: 'rgba(0,0,0,0.75)' },
              ],
            },
          ],
        },
        { type: 'text', id: 'caption', text: 'Coastline, early morning', x: 80, y: 900, width: 920, fontSize: 64, fontWeight: 700, color: '#ffffff' },
      ],
    },
  };
  const procedural: IrDocument = {
    version: 1,
    width: W,
    height: W,
    background: '#111111',
    root: {
      type: 'frame',
      id: 'root',
      children: [
        { type: 'procedural', id: 'bg', style: 'mesh', seed: 7, density: 1, phase: 0, x: 0, y: 0, width: W, height: W },
        { type: 'text', id: 'title', text: 'Procedural', x: 80, y: 440, width: 920, fontSize: 120, fontWeight: 800, color: '#ffffff', textAlign: 'center' },
      ],
    },
  };
  const mixed: IrDocument = {
    version: 1,
    width: W,
    height: W,
    background: '#0f172a',
    root: {
      type: 'frame',
      id: 'root',
      layoutMode: 'vertical',
      paddingTop: 80,
      paddingLeft: 80,
      paddingRight: 80,
      paddingBottom: 80,
      itemSpacing: 40,
      children: [
        {
          type: 'frame',
          id: 'header',
          layoutMode: 'horizontal',
          layoutSizingHorizontal: 'fill',
          primaryAxisAlignItems: 'space-between',
          counterAxisAlignItems: 'center',
          children: [
            { type: 'ellipse', id: 'avatar', width: 96, height: 96, fills: [{ type: 'solid', color: '#38bdf8' }], strokes: [{ color: '#ffffff', width: 4 }] },
            { type: 'text', id: 'handle', text: '@creative.ir', fontSize: 32, fontWeight: 600, color: '#e2e8f0' },
          ],
        },
        {
          type: 'image',
          id: 'photo',
          src: 'asset:photo',
          layoutSizingHorizontal: 'fill',
          height: 460,
          cornerRadius: 32,
          fit: 'cover',
          shadows: [{ x: 0, y: 20, blur: 40, color: 'rgba(0,0,0,0.5)' }],
        },
        {
          type: 'text',
          id: 'title',
          text: 'Mixed scene: shapes, image, text and paths',
          fontSize: 56,
          fontWeight: 800,
          lineHeight: 1.1,
          color: '#ffffff',
          layoutSizingHorizontal: 'fill',
        },
        {
          type: 'frame',
          id: 'footer',
          layoutMode: 'horizontal',
          layoutSizingHorizontal: 'fill',
          itemSpacing: 24,
          counterAxisAlignItems: 'center',
          children: [
            {
              type: 'path',
              id: 'heart',
              width: 48,
              height: 44,
              viewBox: [0, 0, 24, 22],
              d: 'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z',
              fills: [{ type: 'solid', color: '#f43f5e' }],
            },
            { type: 'line', id: 'rule', width: 200, height: 0, strokes: [{ color: '#64748b', width: 4 }] },
            { type: 'rect', id: 'chip', width: 180, height: 56, cornerRadius: [28, 28, 28, 4], fills: [{ type: 'solid', color: '#f59e0b' }] },
          ],
        },
      ],
    },
  };
  return [
    { name: 'text', ir: text, assets: {} },
    { name: 'gradient', ir: gradient, assets: {} },
    { name: 'image', ir: image, assets: { photo: img } },
    { name: 'procedural', ir: procedural, assets: {} },
    { name: 'mixed', ir: mixed, assets: { photo: img } },
  ];
}
