/**
 * DESIGN.md section 10's logo budgets: the median render time of a transparent logo (module tl) and
 * of an animated one (module al), at full size, for a few styles from light to heavy. Each style is
 * rendered once first so that font loading and texture tiles (made once per process) are not counted.
 */
import { DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { renderBrandKit, renderLogoAnimation, renderLogoPng } from '../../src/server/render/logo';
import { LOGO_STYLES } from '../../src/server/render/styles';

const PNG_BUDGET_S = 0.5;
const ANIMATION_BUDGET_S = 5;
/** Heavy treatments (wings, flames, gears, drips) and a light one (neon tubes). */
const STYLE_KEYS = ['gold-metal', 'flame', 'steel', 'blood-moon', 'neon'];

async function median(runs: number, render: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await render();
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function benchLogo(): Promise<Array<[label: string, measured: string, budget: string]>> {
  const styles = LOGO_STYLES.filter((s) => STYLE_KEYS.includes(s.key));
  const pngTimes: number[] = [];
  const animationTimes: number[] = [];
  const kitTimes: number[] = [];
  const rows: Array<[string, string, string]> = [];
  for (const style of styles) {
    await renderLogoPng(style.id, DEFAULT_LOGO_TEXTS);
    pngTimes.push(await median(7, () => renderLogoPng(style.id, DEFAULT_LOGO_TEXTS)));
    animationTimes.push(await median(3, () => renderLogoAnimation(style.id, DEFAULT_LOGO_TEXTS)));
    kitTimes.push(await median(3, () => renderBrandKit(style.id, DEFAULT_LOGO_TEXTS)));
  }
  const all = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const detail = (times: number[]) => styles.map((s, i) => `${s.key} ${times[i].toFixed(2)}`).join(', ');
  rows.push([`transparent logo (tl), median of ${styles.length} styles`, `${all(pngTimes).toFixed(2)} s (${detail(pngTimes)})`, `<= ${PNG_BUDGET_S} s median`]);
  rows.push([`animated logo (al), median of ${styles.length} styles`, `${all(animationTimes).toFixed(2)} s (${detail(animationTimes)})`, `<= ${ANIMATION_BUDGET_S} s median`]);
  // Not in the user's wait: rendered after the logo, in idle time or while the preview opens.
  rows.push([`brand kit, median of ${styles.length} styles`, `${all(kitTimes).toFixed(2)} s (${detail(kitTimes)})`, 'after the logo; before its zip is asked for']);
  return rows;
}

// Run on its own: `npx tsx tests/bench/renderLogo.ts`.
if (require.main === module) {
  benchLogo()
    .then((rows) => {
      for (const [label, measured, budget] of rows) console.info(`${label}  ${measured}   budget: ${budget}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
