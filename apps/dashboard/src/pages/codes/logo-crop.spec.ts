import { cropSquare, croppedSide, fitInBox, MAX_ZOOM } from './logo-crop';

describe('cropping a logo', () => {
  it('takes the largest centred square at zoom 1', () => {
    expect(cropSquare(300, 100, { mode: 'square', zoom: 1, x: 0.5, y: 0.5 })).toEqual({ x: 100, y: 0, side: 100 });
    expect(cropSquare(80, 200, { mode: 'square', zoom: 1, x: 0.5, y: 0.5 })).toEqual({ x: 0, y: 60, side: 80 });
  });

  it('zooms into a smaller square and moves it within the picture, never past its edges', () => {
    expect(cropSquare(400, 200, { mode: 'square', zoom: 2, x: 0, y: 1 })).toEqual({ x: 0, y: 100, side: 100 });
    expect(cropSquare(400, 200, { mode: 'square', zoom: 2, x: 1, y: 0 })).toEqual({ x: 300, y: 0, side: 100 });
    expect(cropSquare(400, 200, { mode: 'square', zoom: 2, x: 7, y: -3 })).toEqual({ x: 300, y: 0, side: 100 });
    expect(cropSquare(400, 400, { mode: 'square', zoom: 99, x: 0.5, y: 0.5 }).side).toBe(400 / MAX_ZOOM);
    expect(cropSquare(400, 400, { mode: 'square', zoom: 0.2, x: 0.5, y: 0.5 }).side).toBe(400);
  });

  it('sends a crop at its own size, at most 512 pixels', () => {
    expect([croppedSide(100.4), croppedSide(2000), croppedSide(0.2)]).toEqual([100, 512, 1]);
  });

  it('fits a whole picture into the square box, centred', () => {
    expect(fitInBox(300, 100, 150)).toEqual({ x: 0, y: 50, width: 150, height: 50 });
    expect(fitInBox(100, 200, 100)).toEqual({ x: 25, y: 0, width: 50, height: 100 });
  });
});
