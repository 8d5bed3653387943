/** 机甲科幻: wide italic chrome letters with a hard horizon, cyan edge light and panel cuts, on an armoured plate. */
import { floorGrid, glow, sky, vignette } from '../backdrop';
import { linear } from '../surface';
import type { LogoStyle } from '../types';

const CHROME: ReadonlyArray<readonly [number, string]> = [
  [0, '#ffffff'],
  [0.42, '#aebfd0'],
  [0.5, '#1d2b3a'],
  [0.56, '#4a6078'],
  [0.85, '#c8e2f5'],
  [1, '#ffffff'],
];

export const scifi: LogoStyle = {
  face: 'sansBlack',
  layout: { mode: 'line', tracking: 0.07, width: 740, maxEm: 240, skew: 0.14, squash: 0.86 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.extrude(6, e * 0.012, e * 0.014, (t) => (t > 0.5 ? '#02080f' : '#0d2236'), e * 0.12);
    kit.rings([
      [e * 0.12, '#03101c'],
      [e * 0.075, '#2ee6ff'],
      [e * 0.035, '#03101c'],
    ]);
    const face = kit.faceLayer((g) => kit.glyphGradient(g, CHROME, -0.45, 0.45));
    // Panel cuts: thin dark grooves with a lit lip below them, across every letter.
    const cuts = kit.newLayer();
    kit.each((ctx, g) => {
      for (const y of [-0.2, 0.22]) {
        ctx.fillStyle = 'rgba(5,15,25,0.9)';
        ctx.fillRect(-g.size, g.size * y, g.size * 2, g.size * 0.022);
        ctx.fillStyle = 'rgba(255,255,255,0.7)';
        ctx.fillRect(-g.size, g.size * (y + 0.022), g.size * 2, g.size * 0.012);
      }
    }, cuts);
    kit.clipTo(cuts, face);
    kit.bevel(face, 'rgba(255,255,255,0.9)', 'rgba(0,20,40,0.8)', e * 0.012, 0);
    kit.put(face);
    kit.put(cuts);
    kit.glow('rgba(40,220,255,0.45)', e * 0.1);
  },
  back(kit) {
    const { ctx, em, box, scale } = kit;
    const x0 = box.x - em * 0.45;
    const x1 = box.x + box.w + em * 0.45;
    const y0 = box.y + box.h * 0.12;
    const y1 = box.y + box.h * 0.95;
    const cut = (y1 - y0) * 0.5;
    // The armoured plate: a long hexagon with bevelled edges.
    const plate = () => {
      ctx.beginPath();
      ctx.moveTo(x0 + cut, y0);
      ctx.lineTo(x1 - cut, y0);
      ctx.lineTo(x1, (y0 + y1) / 2);
      ctx.lineTo(x1 - cut, y1);
      ctx.lineTo(x0 + cut, y1);
      ctx.lineTo(x0, (y0 + y1) / 2);
      ctx.closePath();
    };
    plate();
    ctx.fillStyle = linear(ctx, 0, y0, 0, y1, [[0, '#3a5068'], [0.5, '#142232'], [1, '#0a121c']]);
    ctx.fill();
    ctx.strokeStyle = '#8fb0c8';
    ctx.lineWidth = em * 0.025;
    ctx.stroke();
    // Side blades sweeping back from the plate.
    for (const side of [-1, 1]) {
      const bx = side < 0 ? x0 : x1;
      ctx.beginPath();
      ctx.moveTo(bx - side * cut * 0.4, y0 + (y1 - y0) * 0.2);
      ctx.lineTo(bx + side * em * 0.7, y0 - em * 0.35);
      ctx.lineTo(bx + side * em * 0.45, y0 + (y1 - y0) * 0.35);
      ctx.lineTo(bx + side * em * 0.85, y0 + (y1 - y0) * 0.2);
      ctx.lineTo(bx + side * cut * 0.1, y1 - (y1 - y0) * 0.25);
      ctx.closePath();
      ctx.fillStyle = linear(ctx, bx, y0, bx + side * em * 0.8, y0, [[0, '#4a6580'], [1, '#0e1a26']]);
      ctx.fill();
      ctx.strokeStyle = '#2ee6ff';
      ctx.lineWidth = em * 0.015;
      ctx.stroke();
    }
    // Cyan light strips and tick marks: the HUD.
    ctx.save();
    ctx.shadowColor = '#2ee6ff';
    ctx.shadowBlur = em * 0.08 * scale;
    ctx.fillStyle = '#2ee6ff';
    ctx.fillRect(x0 + cut, y1 - em * 0.035, x1 - x0 - cut * 2, em * 0.02);
    for (let i = 0; i < 12; i += 1) {
      const x = box.x + (box.w * (i + 0.5)) / 12;
      ctx.fillRect(x, y0 - em * 0.12, em * 0.015, em * (i % 3 === 0 ? 0.08 : 0.04));
    }
    ctx.restore();
  },
  slogan: { kind: 'plate', face: 'sansBold', color: '#c8f8ff', fill: ['#12283a', '#050c14'], border: '#2ee6ff', shape: 'cut', spacing: 0.4, glow: 'rgba(46,230,255,0.6)' },
  entrance: 'slide',
  sweep: [200, 245, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#01060d'],
      [0.6, '#0a2438'],
      [1, '#02080f'],
    ]);
    glow(ctx, w / 2, h * 0.55, w * 0.5, 'rgba(46,230,255,0.25)');
    floorGrid(ctx, w, h, h * 0.6, 'rgba(46,230,255,0.25)', 18);
    ctx.strokeStyle = 'rgba(46,230,255,0.25)';
    ctx.lineWidth = Math.max(1, w / 600);
    for (const r of [0.25, 0.32, 0.4]) {
      ctx.beginPath();
      ctx.arc(w / 2, h * 0.5, h * r, rng.range(0, 1), rng.range(3, 5.5));
      ctx.stroke();
    }
    vignette(ctx, w, h, 0.6);
  },
};
