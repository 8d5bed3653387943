/**
 * The vector twin of a layer (vectorRecording.ts, vectorSvg.ts), one way of drawing at a time:
 * each drawing is made on a recording layer, written as SVG, drawn by Chromium and held to the
 * layer's own pixels, and the items say how it was kept (paths, a mask, a filter or a picture).
 */
import { createCanvas } from '@napi-rs/canvas';
import { font } from '../../../../src/server/render/fonts';
import { createLayer, recordingVectors, type Ctx, type Layer } from '../../../../src/server/render/logo/surface';
import { recordingOf, type VectorItem } from '../../../../src/server/render/logo/vectorRecording';
import { svgDocument } from '../../../../src/server/render/logo/vectorSvg';
import { CHROMIUM, SvgRasteriser, type Difference } from '../../../fixtures/svgInChromium';
import { repeatingPattern } from '../../../../src/server/render/repeatingPattern';

jest.setTimeout(120_000);

const describeInBrowser = CHROMIUM ? describe : describe.skip;
const BOX = { x: -20, y: -10, w: 160, h: 100 };

interface Recorded {
  items: readonly VectorItem[];
  svg: string;
  layer: Layer;
}

/** `draw` on a recording layer (and the layers it makes), at scale 2 so that design and device pixels differ. */
function recorded(draw: (ctx: Ctx, layer: Layer) => void): Recorded {
  const layer = recordingVectors(() => {
    const made = createLayer(BOX, 2);
    draw(made.ctx, made);
    return made;
  });
  const items = recordingOf(layer.canvas)!.snapshot();
  return { items, layer, svg: svgDocument(items, { x: 0, y: 0, width: layer.canvas.width, height: layer.canvas.height }, '测试') };
}

/** Every kind of item, however deep. */
function kinds(items: readonly VectorItem[]): string[] {
  return items.flatMap((item): string[] => {
    switch (item.kind) {
      case 'svg':
      case 'image':
        return [item.kind];
      case 'group':
        return [item.blend ? `blend:${item.blend}` : item.clip ? 'part' : 'group', ...kinds(item.items)];
      case 'effects':
        return [item.shadow ? 'shadow' : 'blur', ...kinds(item.items)];
      case 'masked':
        return [item.invert ? 'cut' : 'mask', ...kinds(item.base), ...kinds(item.mask)];
      case 'within':
        return [item.keepBase ? 'atop' : 'in', ...kinds(item.base), ...kinds(item.content)];
    }
  });
}

const disc = (ctx: Ctx, x: number, y: number, r: number, paint: string | CanvasGradient): void => {
  ctx.fillStyle = paint;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
};

describeInBrowser('a recording layer', () => {
  let chromium: SvgRasteriser;

  beforeAll(async () => {
    chromium = await SvgRasteriser.open();
  });

  afterAll(async () => {
    await chromium?.close();
  });

  const difference = (made: Recorded): Promise<Difference> => chromium.difference(made.svg, made.layer.canvas.toBuffer('image/png'));
  /** Shapes drawn by both: only antialiasing apart. */
  const expectClose = async (made: Recorded, meanLimit = 1): Promise<void> => {
    const { mean, worstSquare } = await difference(made);
    expect({ mean: mean <= meanLimit ? 'close' : mean, worstSquare: worstSquare <= 24 ? 'close' : worstSquare }).toEqual({ mean: 'close', worstSquare: 'close' });
  };

  it('keeps shapes, strokes and gradients as paths', async () => {
    const made = recorded((ctx) => {
      const gradient = ctx.createLinearGradient(0, 0, 0, 80);
      gradient.addColorStop(0, '#ffe08a');
      gradient.addColorStop(1, '#a05a00');
      disc(ctx, 30, 40, 28, gradient);
      ctx.strokeStyle = 'rgba(20,60,200,0.8)';
      ctx.lineWidth = 5;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(60, 10);
      ctx.lineTo(130, 30);
      ctx.quadraticCurveTo(90, 80, 120, 85);
      ctx.stroke();
    });
    expect(new Set(kinds(made.items))).toEqual(new Set(['svg']));
    expect(made.svg).not.toContain('<image');
    expect(made.svg).toMatch(/<linearGradient/);
    await expectClose(made);
  });

  it('writes text as its outlines', async () => {
    const made = recorded((ctx) => {
      ctx.font = font('serifBlack', 48);
      ctx.fillStyle = '#c0392b';
      ctx.fillText('龙腾', 0, 60);
    });
    expect(made.svg).not.toMatch(/<text/);
    const outlines = [...made.svg.matchAll(/<path [^>]*\sd="([^"]*)"/g)].map((path) => path[1]);
    expect(outlines.join('').match(/M/g)?.length).toBeGreaterThanOrEqual(2);
    // Hinted raster text sits a fraction of a pixel from its outlines (see logoSvg.test.ts).
    const { mean } = await difference(made);
    expect(mean).toBeLessThan(6);
  });

  it('draws a two-circle radial gradient from its start circle to its end circle', async () => {
    const made = recorded((ctx) => {
      const ring = ctx.createRadialGradient(50, 40, 20, 60, 45, 45);
      ring.addColorStop(0, 'rgba(220,0,0,0.9)');
      ring.addColorStop(1, 'rgba(0,0,200,0)');
      ctx.fillStyle = ring;
      ctx.fillRect(-20, -10, 160, 100);
    });
    await expectClose(made);
  });

  it('fills with a pattern from the origin, moved by its own transform', async () => {
    const tile = createCanvas(10, 10);
    const tileCtx = tile.getContext('2d');
    tileCtx.fillStyle = '#2a9d8f';
    tileCtx.fillRect(0, 0, 6, 6);
    const made = recorded((ctx) => {
      ctx.fillStyle = repeatingPattern(ctx, tile);
      ctx.fillRect(3, 7, 50, 40);
      const moved = repeatingPattern(ctx, tile);
      moved.setTransform({ a: 1.5, b: 0, c: 0, d: 1.5, e: 4, f: 2 });
      ctx.fillStyle = moved;
      ctx.fillRect(70, 20, 50, 40);
    });
    // A scaled tile's edges are filtered a little differently (the canvas darkens them); each
    // pattern alone is 0.65 apart, a pattern out of place (its transform lost, or applied twice:
    // 8.6) is several times that.
    await expectClose(made, 1.5);
  });

  it('puts a destination-over drawing beneath what is there', async () => {
    const made = recorded((ctx) => {
      disc(ctx, 40, 40, 30, '#e76f51');
      ctx.globalCompositeOperation = 'destination-over';
      ctx.fillStyle = '#264653';
      ctx.fillRect(20, 20, 90, 50);
    });
    const [first] = made.items;
    expect(first.kind === 'svg' && first.body).toContain('<rect');
    await expectClose(made);
  });

  it('keeps destination-in and destination-out as masks, with another layer as the mask', async () => {
    const made = recorded((ctx, layer) => {
      const shape = createLayer(layer.box, layer.scale);
      disc(shape.ctx, 50, 40, 30, '#fff');
      ctx.fillStyle = '#e9c46a';
      ctx.fillRect(0, 0, 120, 80);
      ctx.save();
      ctx.globalCompositeOperation = 'destination-in';
      ctx.drawImage(shape.canvas, layer.box.x, layer.box.y, layer.box.w, layer.box.h);
      ctx.globalCompositeOperation = 'destination-out';
      disc(ctx, 60, 40, 10, '#000');
      ctx.restore();
    });
    expect(kinds(made.items).slice(0, 2)).toEqual(['cut', 'mask']);
    expect(kinds(made.items)).toContain('group');
    await expectClose(made);
  });

  it('keeps source-atop as a drawing seen only where the layer has ink, and source-in without the layer', async () => {
    for (const op of ['source-atop', 'source-in'] as const) {
      const made = recorded((ctx) => {
        disc(ctx, 50, 40, 30, '#2a9d8f');
        ctx.globalCompositeOperation = op;
        ctx.fillStyle = 'rgba(255,255,255,0.7)';
        ctx.fillRect(0, 0, 60, 30);
      });
      expect(kinds(made.items)[0]).toBe(op === 'source-atop' ? 'atop' : 'in');
      await expectClose(made);
    }
  });

  it('keeps blend modes as mix-blend-mode', async () => {
    for (const op of ['multiply', 'screen', 'overlay', 'lighter'] as const) {
      const made = recorded((ctx) => {
        disc(ctx, 45, 40, 30, '#e76f51');
        ctx.globalCompositeOperation = op;
        disc(ctx, 70, 45, 30, '#2a9d8f');
      });
      expect(kinds(made.items)).toContain(`blend:${op === 'lighter' ? 'plus-lighter' : op}`);
      await expectClose(made);
    }
  });

  it('blurs another layer with an SVG filter, its paths kept', async () => {
    const made = recorded((ctx, layer) => {
      const shape = createLayer(layer.box, layer.scale);
      disc(shape.ctx, 50, 40, 25, '#f4a261');
      ctx.filter = 'blur(6px)';
      ctx.drawImage(shape.canvas, layer.box.x, layer.box.y, layer.box.w, layer.box.h);
      ctx.filter = 'none';
      disc(ctx, 50, 40, 12, '#264653');
    });
    expect(kinds(made.items).slice(0, 2)).toEqual(['blur', 'group']);
    expect(made.svg).toContain('<feGaussianBlur in="SourceGraphic" stdDeviation="6"');
    expect(made.svg).not.toContain('<image');
    await expectClose(made);
  });

  it('casts a shadow with an SVG filter beneath the stroke', async () => {
    const made = recorded((ctx) => {
      ctx.shadowColor = 'rgba(120,40,255,0.9)';
      ctx.shadowBlur = 12;
      ctx.shadowOffsetX = 4;
      ctx.shadowOffsetY = 3;
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(10, 20);
      ctx.lineTo(60, 70);
      ctx.lineTo(110, 15);
      ctx.stroke();
    });
    expect(kinds(made.items)).toEqual(['shadow', 'svg']);
    expect(made.svg).not.toContain('<image');
    await expectClose(made);
  });

  it('cuts a cleared rectangle out of what is there', async () => {
    const made = recorded((ctx) => {
      disc(ctx, 50, 40, 35, '#e9c46a');
      ctx.clearRect(30, 30, 50, 12);
    });
    expect(kinds(made.items)[0]).toBe('cut');
    await expectClose(made);
  });

  it('draws a part of another layer (the 9-argument drawImage) as a clipped group', async () => {
    const made = recorded((ctx, layer) => {
      const source = createLayer(layer.box, layer.scale);
      disc(source.ctx, 50, 40, 30, '#e76f51');
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(source.canvas, 100, 60, 80, 40, 130, 70, 80, 40);
      ctx.drawImage(source.canvas, 100, 100, 80, 40, 90, 100, 80, 40);
      ctx.restore();
    });
    expect(kinds(made.items)).toEqual(['part', 'svg', 'part', 'svg']);
    await expectClose(made);
  });

  it('keeps pixel art (scaled up without smoothing) as a picture', async () => {
    const made = recorded((ctx, layer) => {
      const small = createLayer(layer.box, layer.scale / 8);
      disc(small.ctx, 50, 40, 30, '#e63946');
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(small.canvas, layer.box.x, layer.box.y, layer.box.w, layer.box.h);
    });
    expect(kinds(made.items)).toEqual(['image']);
    await expectClose(made);
  });

  it('makes one picture of what is there when pixels are written, and goes on recording', async () => {
    const made = recorded((ctx, layer) => {
      disc(ctx, 40, 40, 25, '#2a9d8f');
      const { width, height } = layer.canvas;
      const image = ctx.getImageData(0, 0, width, height);
      for (let at = 0; at < image.data.length; at += 4) image.data[at] = 255 - image.data[at];
      ctx.putImageData(image, 0, 0);
      disc(ctx, 90, 40, 25, '#264653');
    });
    expect(kinds(made.items)).toEqual(['image', 'svg']);
    await expectClose(made);
  });

  it('pictures a clipped drawing in a blend mode, clip and all', async () => {
    const made = recorded((ctx) => {
      disc(ctx, 50, 40, 35, '#e9c46a');
      ctx.save();
      ctx.beginPath();
      ctx.rect(30, 20, 40, 40);
      ctx.clip();
      ctx.globalCompositeOperation = 'multiply';
      disc(ctx, 60, 40, 30, '#2a9d8f');
      ctx.restore();
      disc(ctx, 110, 60, 10, '#e76f51');
    });
    expect(kinds(made.items)).toEqual(['svg', 'blend:multiply', 'image', 'svg']);
    await expectClose(made);
  });

  it('draws the very pixels a layer draws without recording', () => {
    const draw = (ctx: Ctx, layer: Layer): void => {
      const face = createLayer(layer.box, layer.scale);
      face.ctx.font = font('sansBold', 40);
      face.ctx.fillStyle = '#ffd166';
      face.ctx.fillText('星火', 10, 50);
      ctx.shadowColor = '#000';
      ctx.shadowBlur = 6;
      ctx.drawImage(face.canvas, layer.box.x, layer.box.y, layer.box.w, layer.box.h);
      ctx.shadowColor = 'transparent';
      ctx.globalCompositeOperation = 'destination-over';
      ctx.filter = 'blur(3px)';
      disc(ctx, 50, 40, 30, '#118ab2');
    };
    const plain = createLayer(BOX, 2);
    draw(plain.ctx, plain);
    const { layer } = recorded(draw);
    const pixels = (of: Layer): Buffer => Buffer.from(of.ctx.getImageData(0, 0, of.canvas.width, of.canvas.height).data);
    expect(pixels(layer).equals(pixels(plain))).toBe(true);
  });
});
