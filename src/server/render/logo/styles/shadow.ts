/** 暗影刺客: dark running-brush letters with a violet rim light, cut by one clean slash, in smoke with crossed daggers and a crescent moon. */
import { glow, ridge, sky, stars, vignette } from '../backdrop';
import { inkSplash, starPath } from '../ornaments';
import { createLayer, drawBlurred, drawLayer, linear, tinted, type Ctx } from '../surface';
import type { LogoStyle } from '../types';

export const shadow: LogoStyle = {
  face: 'wildBrush',
  layout: { mode: 'line', tracking: -0.03, width: 800, maxEm: 280, skew: 0.16, jitterRot: 0.05 },
  pad: 0.3,
  title(kit) {
    const e = kit.em;
    kit.stroke(e * 0.1, 'rgba(170,110,255,0.95)');
    kit.stroke(e * 0.055, '#08060e');
    const face = kit.faceLayer((g) => kit.glyphGradient(g, [[0, '#3a3258'], [0.5, '#120e1e'], [1, '#050409']], -0.45, 0.45));
    kit.stroke(e * 0.03, '#0a0812', { into: face });
    // Rim light from the moon at the upper right.
    kit.innerShadow(face, 'rgba(200,150,255,0.95)', -e * 0.018, e * 0.02, e * 0.006);
    // One slash across the whole title: placed in title space so every sprite shares it.
    const { box } = kit;
    const slash = (ctx: Ctx, width: number) => {
      ctx.beginPath();
      ctx.moveTo(box.x - e * 0.2, box.y + box.h * 0.72);
      ctx.lineTo(box.x + box.w + e * 0.2, box.y + box.h * 0.3);
      ctx.lineTo(box.x + box.w + e * 0.2, box.y + box.h * 0.3 + width * 0.3);
      ctx.lineTo(box.x - e * 0.2, box.y + box.h * 0.72 + width);
      ctx.closePath();
    };
    kit.put(face);
    kit.ctx.save();
    kit.ctx.globalCompositeOperation = 'destination-out';
    slash(kit.ctx, e * 0.05);
    kit.ctx.fill();
    kit.ctx.restore();
    kit.glow('rgba(120,60,220,0.55)', e * 0.1);
    kit.glow('rgba(0,0,0,0.6)', e * 0.04);
  },
  back(kit) {
    const { ctx, em, box, rng } = kit;
    // Smoke: soft dark clouds drifting behind.
    const smoke = createLayer(kit.layer.box, kit.scale);
    for (let i = 0; i < 7; i += 1) {
      inkSplash(smoke.ctx, box.x + box.w * rng.range(0, 1), box.y + box.h * rng.range(0.2, 0.9), em * rng.range(0.3, 0.55), rng, 'rgba(70,40,120,0.55)');
    }
    drawBlurred(ctx, smoke, em * 0.12, 0.9);
    // The crescent moon.
    const mx = box.x + box.w * 0.82;
    const my = box.y - em * 0.25;
    const r = em * 0.34;
    // The crescent: a disc with an offset disc cut out of it, glowing.
    const moon = createLayer(kit.layer.box, kit.scale);
    moon.ctx.fillStyle = linear(moon.ctx, mx, my - r, mx, my + r, [[0, '#f4eaff'], [1, '#b89aff']]);
    moon.ctx.beginPath();
    moon.ctx.arc(mx, my, r, 0, Math.PI * 2);
    moon.ctx.fill();
    moon.ctx.globalCompositeOperation = 'destination-out';
    moon.ctx.beginPath();
    moon.ctx.arc(mx - r * 0.42, my - r * 0.22, r * 0.86, 0, Math.PI * 2);
    moon.ctx.fill();
    drawBlurred(ctx, tinted(moon, 'rgba(190,150,255,0.9)'), em * 0.08);
    drawLayer(ctx, moon);
    // Shuriken flying in from the right.
    for (let i = 0; i < 3; i += 1) {
      const x = box.x + box.w + em * rng.range(0.1, 0.5);
      const y = box.y + box.h * (0.35 + i * 0.3);
      const r = em * rng.range(0.1, 0.16);
      starPath(ctx, x, y, r, 4, 0.32, rng.range(0, Math.PI));
      ctx.moveTo(x + r * 0.14, y);
      ctx.arc(x, y, r * 0.14, 0, Math.PI * 2, true);
      ctx.fillStyle = linear(ctx, x - r, y - r, x + r, y + r, [[0, '#c8bce8'], [1, '#2a2240']]);
      ctx.fill('evenodd');
      ctx.strokeStyle = '#9a6aff';
      ctx.lineWidth = em * 0.012;
      ctx.stroke();
      // A motion streak behind each star.
      ctx.fillStyle = 'rgba(154,106,255,0.35)';
      ctx.beginPath();
      ctx.moveTo(x, y - r * 0.25);
      ctx.lineTo(x + em * 0.6, y - r * 0.05);
      ctx.lineTo(x, y + r * 0.25);
      ctx.fill();
    }
  },
  slogan: { kind: 'lines', face: 'sansBold', color: '#e4d8ff', line: '#9a6aff', ornament: 'none', outline: 'rgba(8,6,14,0.9)', spacing: 0.45 },
  seal: { face: 'brush' },
  entrance: 'slide',
  sweep: [220, 200, 255],
  backdrop(ctx, w, h, rng) {
    sky(ctx, w, h, [
      [0, '#05030c'],
      [0.6, '#1e1438'],
      [1, '#05030a'],
    ]);
    stars(ctx, w, h * 0.6, rng, 70, '#e0d0ff', 1.3);
    glow(ctx, w * 0.75, h * 0.22, h * 0.3, 'rgba(190,150,255,0.4)');
    ridge(ctx, w, h, h * 0.86, h * 0.08, '#020105', rng, 0.2);
    vignette(ctx, w, h, 0.7);
  },
};
