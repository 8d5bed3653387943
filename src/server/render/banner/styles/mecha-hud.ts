/** 机甲战线: a tactical display: hex grid, rotating HUD rings around the logo, a scan line, live data panels and a radar. */
import { createLayer, drawLayer, fillVertical, radialSprite, DESIGN_HEIGHT as H, DESIGN_WIDTH as W, type Ctx } from '../core/canvas';
import { hash01 } from '../core/effects';
import { frac, TAU } from '../core/math';
import { font } from '../../fonts';
import type { BannerStyleDef } from '../core/types';

const CX = W / 2;
const CY = 430;
const CYAN = '#22c8ff';
const ORANGE = '#ff8a1f';
const HEX = 34;

function hexPath(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.moveTo(x + r, y);
  for (let i = 1; i <= 6; i++) ctx.lineTo(x + r * Math.cos((i * TAU) / 6), y + r * Math.sin((i * TAU) / 6));
}

const hexCenter = (col: number, row: number): [number, number] => [col * HEX * 1.5, row * HEX * Math.sqrt(3) + (col % 2 ? (HEX * Math.sqrt(3)) / 2 : 0)];

export const mechaHud: BannerStyleDef = {
  key: 'mecha-hud',
  theme: {
    logo: { entrance: 'lockon', idle: 'hover', glow: CYAN, glowAlpha: 0.45, sweep: '#c8f0ff', flare: null },
    headline: {
      face: 'sansBlack',
      size: 60,
      fill: ['#ffffff', '#e6f4ff', '#9fd0ff'],
      stroke: { color: '#06121f', width: 3 },
      glow: { color: 'rgba(0,190,255,0.6)', blur: 12 },
      spacing: 0.08,
      reveal: 'type',
      skew: -0.2,
    },
    tags: { face: 'sansBold', size: 32, kind: 'hud', color: '#ffffff', fill: 'rgba(255,120,0,0.22)', border: ORANGE, accent: ORANGE },
    backdrop: { color: '#00060c', alpha: 0.45 },
    vignette: { color: '#000000', strength: 0.75 },
  },
  build(env) {
    const { scale, rng } = env;
    const base = createLayer(W, H, scale);
    const b = base.ctx;
    fillVertical(b, 0, 0, W, H, [
      [0, '#02060c'],
      [0.5, '#071827'],
      [1, '#02060c'],
    ]);
    drawLayer(b, radialSprite(800, scale, [
      [0, 'rgba(20,120,180,0.35)'],
      [1, 'rgba(10,60,120,0)'],
    ]), CX - 800, CY - 800);
    b.strokeStyle = 'rgba(40,170,230,0.16)';
    b.lineWidth = 1.2;
    b.beginPath();
    for (let col = 0; col <= W / (HEX * 1.5) + 1; col++) for (let row = 0; row <= H / (HEX * Math.sqrt(3)) + 1; row++) hexPath(b, ...hexCenter(col, row), HEX - 2);
    b.stroke();
    // Side panels and frame lines, blueprint style.
    b.strokeStyle = 'rgba(34,200,255,0.55)';
    b.lineWidth = 2;
    const panel = (x: number, y: number, w: number, h: number) => {
      b.fillStyle = 'rgba(4,20,34,0.75)';
      b.fillRect(x, y, w, h);
      b.strokeRect(x, y, w, h);
      b.fillStyle = CYAN;
      b.fillRect(x, y, 40, 4);
      b.fillRect(x + w - 40, y + h - 4, 40, 4);
    };
    panel(50, 150, 300, 250);
    panel(50, 430, 300, 200);
    panel(W - 350, 150, 300, 330);
    panel(W - 350, 510, 300, 150);
    b.beginPath();
    b.moveTo(30, 60);
    b.lineTo(620, 60);
    b.lineTo(650, 90);
    b.moveTo(W - 30, 60);
    b.lineTo(W - 620, 60);
    b.lineTo(W - 650, 90);
    b.moveTo(30, H - 60);
    b.lineTo(700, H - 60);
    b.moveTo(W - 30, H - 60);
    b.lineTo(W - 700, H - 60);
    b.stroke();
    b.font = font('sansBold', 18);
    b.fillStyle = 'rgba(140,220,255,0.85)';
    const labels = ['SYS-STATUS', 'ARMOR 98.2%', 'REACTOR', 'TARGET LOCK', 'RADAR'];
    b.fillText(labels[0], 66, 180);
    b.fillText(labels[2], 66, 460);
    b.fillText(labels[3], W - 334, 180);
    b.fillText(labels[4], W - 334, 540);
    b.fillStyle = 'rgba(255,138,31,0.9)';
    b.fillText('// MECHA FRONTLINE', 40, 50);
    b.fillText('UNIT-07 ONLINE', W - 200, 50);

    const hexCols = Math.ceil(W / (HEX * 1.5)) + 1;
    const hexRows = Math.ceil(H / (HEX * Math.sqrt(3))) + 1;
    const bars = Array.from({ length: 8 }, () => ({ k: rng.next(), c: env.cycles(rng.range(1, 3)) }));
    const scanCycles = env.cycles(3);
    const ringCycles = [env.cycles(8), env.cycles(5), env.cycles(12)];
    const radarCycles = env.cycles(2);

    const rings = (ctx: Ctx, phase: number) => {
      ctx.lineCap = 'butt';
      // Dashed circles turn by shifting their dash offset: cheap, and periodic by construction.
      const dashed = (r: number, width: number, dash: number[], turn: number, color: string) => {
        const circumference = TAU * r;
        const period = dash.reduce((a, c) => a + c, 0);
        ctx.setLineDash(dash);
        ctx.lineDashOffset = turn * Math.round(circumference / period) * period;
        ctx.strokeStyle = color;
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.arc(CX, CY, r, 0, TAU);
        ctx.stroke();
      };
      dashed(560, 3, [140, 30, 20, 30], phase * ringCycles[0], 'rgba(34,200,255,0.5)');
      dashed(610, 10, [4, 14], -phase * ringCycles[1], 'rgba(34,200,255,0.35)');
      dashed(660, 2, [300, 60], phase * ringCycles[2], 'rgba(255,138,31,0.55)');
      ctx.setLineDash([]);
      // Tick marks on a turning arc.
      // Whole groups of five ticks per cycle keep the long-short pattern in step at the loop point.
      const turn = (TAU / 60) * 5 * phase * ringCycles[1];
      ctx.strokeStyle = 'rgba(140,230,255,0.6)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let i = 0; i < 60; i++) {
        const a = turn + (i / 60) * TAU;
        const inner = i % 5 === 0 ? 500 : 515;
        ctx.moveTo(CX + Math.cos(a) * inner, CY + Math.sin(a) * inner);
        ctx.lineTo(CX + Math.cos(a) * 530, CY + Math.sin(a) * 530);
      }
      ctx.stroke();
    };

    return {
      background(ctx, { phase, t, fps }) {
        drawLayer(ctx, base, 0, 0);
        const frame = Math.round(t * fps);
        // A few hex cells light up and change every few frames.
        ctx.fillStyle = 'rgba(34,200,255,0.16)';
        ctx.beginPath();
        const tick = Math.floor(frame / 4);
        for (let i = 0; i < 26; i++) {
          const col = Math.floor(hash01(tick, i, 1) * hexCols);
          const row = Math.floor(hash01(tick, i, 2) * hexRows);
          hexPath(ctx, ...hexCenter(col, row), HEX - 4);
        }
        ctx.fill();
        ctx.globalCompositeOperation = 'lighter';
        rings(ctx, phase);
        // Scan line sweeping down.
        const y = frac(phase * scanCycles) * (H + 300) - 150;
        fillVertical(ctx, 0, y - 120, W, 140, [
          [0, 'rgba(34,200,255,0)'],
          [0.9, 'rgba(34,200,255,0.16)'],
          [1, 'rgba(160,240,255,0.5)'],
        ]);
        ctx.globalCompositeOperation = 'source-over';
        // Live panels: bars, numbers and a radar.
        bars.forEach((bar, i) => {
          const v = 0.35 + 0.6 * (0.5 + 0.5 * Math.sin(TAU * (phase * bar.c + bar.k)));
          ctx.fillStyle = i % 3 === 0 ? ORANGE : CYAN;
          ctx.fillRect(70, 200 + i * 24, 260 * v, 12);
        });
        ctx.font = font('sansBold', 26);
        ctx.fillStyle = '#bfefff';
        for (let i = 0; i < 4; i++) {
          const value = Math.floor(hash01(Math.floor(frame / 3), i, 9) * 9000 + 1000);
          ctx.fillText(`${['PWR', 'SPD', 'ALT', 'HDG'][i]}  ${value}`, 70, 500 + i * 34);
        }
        ctx.fillText(`LOCK ${(Math.floor(hash01(Math.floor(frame / 2), 5) * 100) / 1).toFixed(0).padStart(3, '0')}%`, W - 334, 220);
        ctx.strokeStyle = 'rgba(34,200,255,0.6)';
        ctx.lineWidth = 1.5;
        const rx = W - 200;
        const ry = 330;
        ctx.beginPath();
        ctx.arc(rx, ry, 110, 0, TAU);
        ctx.moveTo(rx + 70, ry);
        ctx.arc(rx, ry, 70, 0, TAU);
        ctx.moveTo(rx - 110, ry);
        ctx.lineTo(rx + 110, ry);
        ctx.moveTo(rx, ry - 110);
        ctx.lineTo(rx, ry + 110);
        ctx.stroke();
        const sweep = TAU * frac(phase * radarCycles);
        const cone = ctx.createConicGradient(sweep - 0.9, rx, ry);
        cone.addColorStop(0, 'rgba(34,200,255,0)');
        cone.addColorStop(0.14, 'rgba(34,200,255,0.55)');
        cone.addColorStop(0.145, 'rgba(34,200,255,0)');
        ctx.fillStyle = cone;
        ctx.beginPath();
        ctx.arc(rx, ry, 110, 0, TAU);
        ctx.fill();
        ctx.fillStyle = ORANGE;
        for (let i = 0; i < 3; i++) {
          const a = (i * 2.1 + 0.6) % TAU;
          const fade = 1 - frac((sweep - a) / TAU);
          ctx.globalAlpha = fade;
          ctx.fillRect(rx + Math.cos(a) * (40 + i * 22) - 4, ry + Math.sin(a) * (40 + i * 22) - 4, 8, 8);
        }
        ctx.globalAlpha = 1;
        // Waveform in the lower right panel.
        ctx.strokeStyle = ORANGE;
        ctx.lineWidth = 2;
        ctx.beginPath();
        for (let x = 0; x <= 260; x += 4) {
          const v = Math.sin(x * 0.08 + TAU * phase * scanCycles * 2) * Math.sin(x * 0.021 + 1) * 40;
          if (x === 0) ctx.moveTo(W - 330 + x, 590 + v);
          else ctx.lineTo(W - 330 + x, 590 + v);
        }
        ctx.stroke();
      },
    };
  },
};
