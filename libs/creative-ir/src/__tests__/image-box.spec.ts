import { imageBox } from '../render/image-box';

describe('imageBox', () => {
  it('fill stretches the image to the node', () => {
    expect(imageBox('fill', undefined, 300, 100, 50, 50)).toEqual({ x: 0, y: 0, w: 300, h: 100 });
  });

  it('contain shows the whole image, centred', () => {
    expect(imageBox('contain', { x: 0, y: 0 }, 300, 100, 200, 200)).toEqual({ x: 100, y: 0, w: 100, h: 100 });
  });

  it('cover fills the node around the focal point, never leaving a gap', () => {
    expect(imageBox('cover', undefined, 100, 100, 400, 200)).toEqual({ x: -50, y: 0, w: 200, h: 100 });
    expect(imageBox('cover', { x: 0.25, y: 0.5 }, 100, 100, 400, 200)).toEqual({ x: 0, y: 0, w: 200, h: 100 });
    expect(imageBox('cover', { x: 1, y: 0.5 }, 100, 100, 400, 200)).toEqual({ x: -100, y: 0, w: 200, h: 100 });
  });
});
