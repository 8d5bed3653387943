/** 星河璀璨: letters filled with a starry nebula, ringed like a planet (the ring passes behind and in front), among stars. */
import { glow, sky, stars } from '../backdrop';
import { contrast, noiseTile, ramp, speckleTile } from '../noise';
import { glint } from '../ornaments';
import { radial } from '../surface';
import type { Ctx } from '../surface';
import type { LogoStyle, OrnamentKit } from '../types';
import { repeatingPattern } from '../../repeatingPattern';

const nebula = () =>
  noiseTile(
    {
      size: 256,
      cells: 3,
      octaves: 5,
      seed: 'nebula',
      color: (v) => {
        const [r, g, b] = ramp(
          [
            [30, 20, 110],
            [110, 50, 220],
            [240, 90, 200],
            [140, 220, 255],
          ],
          contrast(v, 2.2),
        );
        return [r, g, b, 255];
      },
    },
    'nebula',
  );

/** Half of the planetary ring around the title: the far half behind it, the near half in front. */
function ring(kit: OrnamentKit, half: 'far' | 'near'): void {
  const { ctx, em, box, scale } = kit;
  const rx = box.w * 0.62 + em * 0.4;
  const ry = box.h * 0.42 + em * 0.12;
  const cy = box.y + box.h * 0.55;
  const draw = (c: Ctx, width: number, color: string) => {
    c.beginPath();
    c.ellipse(0, cy, rx, ry, -0.12, half === 'far' ? Math.PI : 0, half === 'far' ? Math.PI * 2 : Math.PI);
    c.strokeStyle = color;
    c.lineWidth = width;
    c.stroke();
  };
  ctx.save();
  ctx.shadowColor = 'rgba(150,200,255,0.9)';
  ctx.shadowBlur = em * 0.1 * scale;
  draw(ctx, em * 0.08, 'rgba(120,150,255,0.55)');
  ctx.shadowBlur = 0;
  draw(ctx, em * 0.035, 'rgba(230,240,255,0.95)');
  ctx.restore();
}

export const galaxy: LogoStyle = {
  face: 'display',
  layout: { mode: 'arch', arch: 0.12, tracking: 0.05, width: 740, maxEm: 250 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.rings([
      [e * 0.13, '#0a0630'],
      [e * 0.075, (g) => kit.glyphGradient(g, [[0, '#ffffff'], [1, '#9ab8ff']], -0.6, 0.6)],
      [e * 0.03, '#1a1060'],
    ]);
    const face = kit.faceLayer('#4a2aa0');
    kit.overlay(face, kit.pattern(nebula()), 'source-over', 1, { x: kit.box.x, y: kit.box.y });
    kit.overlay(face, kit.pattern(speckleTile('stardust', 0.012, [255, 255, 255])), 'source-over', 1);
    kit.innerShadow(face, 'rgba(255,255,255,0.6)', e * 0.01, e * 0.014, e * 0.02);
    kit.put(face);
    kit.glow('rgba(130,110,255,0.7)', e * 0.12);
    kit.each((ctx, g) => {
      const rng = kit.rngFor(g, 'glint');
      if (rng.chance(0.6)) glint(ctx, rng.jitter(g.size * 0.35), rng.range(-0.45, 0.2) * g.size, e * 0.12, '#fff', 'rgba(180,200,255,0.7)');
    });
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // A small planet at the upper left, and star dust.
    const px = box.x - em * 0.1;
    const py = box.y - em * 0.2;
    const pr = em * 0.3;
    ctx.fillStyle = radial(ctx, px - pr * 0.3, py - pr * 0.3, 0, pr * 1.2, [[0, '#ffd0a0'], [0.6, '#d0602a'], [1, '#3a1030']]);
    ctx.beginPath();
    ctx.arc(px, py, pr, 0, Math.PI * 2);
    ctx.fill();
    for (let i = 0; i < 30; i += 1) {
      ctx.fillStyle = rng.pick(['#ffffff', '#bcd0ff', '#ffd0f0']);
      ctx.beginPath();
      ctx.arc(box.x - em * 0.6 + rng.next() * (box.w + em * 1.2), box.y - em * 0.6 + rng.next() * (box.h + em * 1.1), em * rng.range(0.008, 0.02), 0, Math.PI * 2);
      ctx.fill();
    }
    ring(kit, 'far');
  },
  front(kit) {
    ring(kit, 'near');
    glint(kit.ctx, kit.box.x + kit.box.w + kit.em * 0.3, kit.box.y + kit.box.h * 0.85, kit.em * 0.2);
  },
  slogan: { kind: 'lines', face: 'sansBold', color: '#e8eeff', line: '#9ab8ff', ornament: 'star', outline: 'rgba(10,6,48,0.9)', spacing: 0.4 },
  sealOffset: { right: [0.1, -0.1] },
  entrance: 'pop',
  sweep: [230, 235, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#02010c'],
      [1, '#0c0630'],
    ]);
    ctx.save();
    ctx.globalAlpha = 0.55;
    ctx.fillStyle = repeatingPattern(ctx, nebula());
    ctx.fillRect(0, 0, w, h);
    ctx.restore();
    ctx.fillStyle = 'rgba(2,1,12,0.45)';
    ctx.fillRect(0, 0, w, h);
    stars(ctx, w, h, rng, 220, '#ffffff', 1.5);
    glow(ctx, w / 2, h / 2, w * 0.4, 'rgba(130,110,255,0.3)');
  },
};
