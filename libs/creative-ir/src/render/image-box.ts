/** A rectangle in the image node's own coordinates. */
export interface ImageBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where an image of `iw` x `ih` pixels is drawn in a `w` x `h` image node: `fill` stretches it to
 * the node; `contain` shows all of it, centred; `cover` fills the node, cropping around the focal
 * point (default the centre) without leaving a gap. The renderer and the HTML export both use it,
 * so they place images alike.
 */
export function imageBox(
  fit: 'cover' | 'contain' | 'fill',
  focalPoint: { x: number; y: number } | undefined,
  w: number,
  h: number,
  iw: number,
  ih: number,
): ImageBox {
  if (fit === 'fill') return { x: 0, y: 0, w, h };
  const s = fit === 'cover' ? Math.max(w / iw, h / ih) : Math.min(w / iw, h / ih);
  const dw = iw * s;
  const dh = ih * s;
  let dx = (w - dw) / 2;
  let dy = (h - dh) / 2;
  if (fit === 'cover') {
    const fp = focalPoint ?? { x: 0.5, y: 0.5 };
    dx = Math.min(0, Math.max(w - dw, w / 2 - fp.x * dw));
    dy = Math.min(0, Math.max(h - dh, h / 2 - fp.y * dh));
  }
  return { x: dx, y: dy, w: dw, h: dh };
}
