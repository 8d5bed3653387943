/**
 * The builder's site renderer (DESIGN.md section 7, "Sites"): the chosen components, their fields'
 * texts and files, and the music in; a self-contained folder out (index.html and assets/), every
 * reference relative, so it works from a zip opened on disk with no server.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from '../../../contract/builder';
import { qrPng } from '../qrImage';
import { decodePicture } from '../picture';
import { favicon, sharePicture } from '../site/sitePictures';
import { BUILT_SITE_SCRIPT } from './builtScript';
import { logoAccents, withLogoAccents } from './logoPalette';
import { DEFAULT_MAIN_PRESET_ID, findMainPreset } from './catalog';
import { renderBuiltBody, renderBuiltPage } from './page';
import { BUILT_ASSET_NAMES, planBuiltSite, type PartType } from './plan';
import type { BuiltSiteRenderInput, BuiltSiteRenderResult } from './types';
import { writeCompressedCopies } from '../site/compressedCopies';
import { isPicture, WIDEST, writeWebPictures } from '../site/webPictures';

const QR_SIZE = 264;

/** Writes the page of `plan` (whole, or one component alone) into `outDir`; answers the files written. */
async function writeSite(input: BuiltSiteRenderInput, outDir: string, only?: PartType): Promise<string[]> {
  const planned = planBuiltSite(input);
  const [logo, banner] = await Promise.all([decodePicture(planned.logoFile, 'logo'), decodePicture(planned.bannerFile, 'banner picture')]);
  // One palette for the whole site: the site's own logo's (the sample placeholder keeps the configuration's).
  const plan = planned.ownLogo ? { ...planned, theme: withLogoAccents(planned.theme, logoAccents(logo)) } : planned;
  await fs.promises.mkdir(outDir, { recursive: true });
  // The components name their pictures as they render: a first pass lists them for the writer.
  renderBuiltBody(plan, only);
  const web = await writeWebPictures(
    plan.copies.filter((entry) => isPicture(entry.to)),
    outDir,
    ({ from }) => (from === plan.bannerFile ? WIDEST.screen : from === plan.logoFile ? WIDEST.logo : WIDEST.column),
  );
  const page = await renderBuiltPage(plan, only, web.pictures);
  const copies = plan.copies.filter((entry) => !isPicture(entry.to));
  const written = new Set<string>(web.files);
  const targets = [...copies.map((entry) => entry.to), ...plan.qrs.map((entry) => entry.to), BUILT_ASSET_NAMES.js, ...page.fonts.map((font) => `${BUILT_ASSET_NAMES.fontsDir}/${font.name}`)];
  for (const dir of new Set(targets.map((name) => path.dirname(name)))) await fs.promises.mkdir(path.join(outDir, dir), { recursive: true });
  const write = async (name: string, data: string | Buffer): Promise<void> => {
    await fs.promises.writeFile(path.join(outDir, name), data);
    written.add(name);
  };
  await write('index.html', page.html);
  await write(BUILT_ASSET_NAMES.js, BUILT_SITE_SCRIPT);
  for (const font of page.fonts) await write(`${BUILT_ASSET_NAMES.fontsDir}/${font.name}`, font.data);
  await write(BUILT_ASSET_NAMES.favicon, await favicon(logo));
  await write(BUILT_ASSET_NAMES.share, await sharePicture(logo, banner));
  for (const qr of plan.qrs) await write(qr.to, await qrPng(qr.text, QR_SIZE, 2));
  for (const { from, to } of copies) {
    await fs.promises.copyFile(from, path.join(outDir, to));
    written.add(to);
  }
  for (const name of await writeCompressedCopies(outDir, ['index.html', BUILT_ASSET_NAMES.js])) written.add(name);
  written.delete('index.html');
  return ['index.html', ...[...written].sort()];
}

export async function renderBuiltSite(input: BuiltSiteRenderInput, outDir: string): Promise<BuiltSiteRenderResult> {
  return { files: await writeSite(input, outDir) };
}

const NO_VALUES = { main: {}, head: {}, banner: {}, content: {}, sidebar: {}, footer: {}, logo: {} } as const satisfies Record<ComponentType, Record<string, never>>;

/** A site of the default configuration with every field at its default and `type` set to template `id`. */
export function defaultRenderInput(type: ComponentType, id: number): BuiltSiteRenderInput {
  const preset = findMainPreset(type === 'main' ? id : DEFAULT_MAIN_PRESET_ID);
  if (!preset) throw new Error(`Unknown site configuration ${id}`);
  const selected = { main: preset.id, ...preset.components, ...(type === 'main' ? {} : { [type]: id }) };
  return { selected, texts: { ...NO_VALUES }, files: { ...NO_VALUES }, music: null };
}

/**
 * The picker's picture of one component: the component alone, with its defaults, in the default
 * configuration's theme (a `main` configuration: its whole site), written to `outDir`. Answers the
 * component's part, or null for a whole site.
 */
export async function renderComponentPreview(type: ComponentType, id: number, outDir: string): Promise<PartType | null> {
  const only = type === 'main' || type === 'logo' ? undefined : type;
  await writeSite(defaultRenderInput(type, id), outDir, only);
  return only ?? null;
}
