/**
 * Turns a builder render request into what the page shows: per component, a reader that answers
 * each field with the user's value or the template's default, every link checked (http(s) or a
 * place in the page, anything else becomes '#'), and every picture named by its place in the site
 * folder. Pure: no file is read or written here; the copies and QR codes are listed for the writer.
 */
import path from 'node:path';
import type { ComponentType } from '../../../contract/builder';
import { configFields, withOwnName, type ConfigField } from '../../../contract/miniSite';
import { httpLink } from '../site/content';
import { COPY } from '../site/copy';
import { THEMES } from '../site/themes';
import type { Theme } from '../site/design';
import type { SourceFile } from '../site/types';
import { builderAssetFile } from './assets';
import { findComponent, findMainPreset } from './catalog';
import { isThemeName, MAIN_PRESETS, mainKeys } from './definitions/main';
import { LOGO_KEY } from './fields';
import type {
  BannerDefinition,
  BuiltSiteRenderInput,
  ContentDefinition,
  FooterDefinition,
  HeadDefinition,
  MainPreset,
  SidebarDefinition,
} from './types';

/** What a component reads its fields through. */
export interface FieldReader {
  /** The user's text, or the template's default. */
  text(key: string): string;
  /** A safe href (an http(s) URL or '#section'), or null when the field is empty or anything else: its element is left out. */
  link(key: string): string | null;
  /** An http(s) URL or null (for buttons that are left out without one). */
  httpUrl(key: string): string | null;
  /** The picture's path in the site folder. */
  image(key: string): string;
  /** The path of a QR code (made by the writer) of the field's http(s) link, or null without one. */
  qr(key: string): string | null;
}

export interface PlannedCopy {
  from: string;
  to: string;
}

export interface PlannedQr {
  text: string;
  to: string;
}

export interface BuiltParts {
  head: { def: HeadDefinition; f: FieldReader };
  banner: { def: BannerDefinition; f: FieldReader };
  content: { def: ContentDefinition; f: FieldReader };
  sidebar: { def: SidebarDefinition; f: FieldReader };
  footer: { def: FooterDefinition; f: FieldReader };
}
export type PartType = keyof BuiltParts;
export const PART_TYPES: readonly PartType[] = ['head', 'banner', 'content', 'sidebar', 'footer'];

export interface BuiltPlan {
  preset: MainPreset;
  theme: Theme;
  name: string;
  description: string;
  parts: BuiltParts;
  /** The banner's logo: the favicon and share picture are made from it. */
  logoFile: string;
  /** Whether the logo is the site's own (generated or uploaded), not the sample placeholder: the palette is then taken from it. */
  ownLogo: boolean;
  /** The banner's picture: the share picture's background. */
  bannerFile: string;
  music: string | null;
  copies: PlannedCopy[];
  qrs: PlannedQr[];
}

const ANCHOR = /^#[A-Za-z][\w-]{0,40}$/;

/** An href that can do nothing but open a web page or move within this one, or null for anything else. */
export function safeHref(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (ANCHOR.test(text)) return text;
  return httpLink(text);
}

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp'];
const MUSIC_EXTENSIONS = ['.mp3', '.ogg', '.m4a', '.aac', '.wav', '.opus', '.webm'];

function extensionOf(file: string, allowed: readonly string[], fallback: string): string {
  const ext = path.extname(file).toLowerCase();
  return allowed.includes(ext) ? ext : fallback;
}

export const BUILT_ASSET_NAMES = {
  js: 'assets/site.js',
  favicon: 'assets/favicon.png',
  share: 'assets/share.png',
  fontsDir: 'assets/fonts',
} as const;

/** Collects the files a site needs, each source once (three components usually share one logo). */
class CopyPlan {
  readonly copies: PlannedCopy[] = [];
  readonly qrs: PlannedQr[] = [];
  private readonly bySource = new Map<string, string>();

  copy(from: string, to: string): string {
    const known = this.bySource.get(from);
    if (known) return known;
    this.bySource.set(from, to);
    this.copies.push({ from, to });
    return to;
  }

  qr(text: string, to: string): string {
    const known = this.qrs.find((entry) => entry.text === text);
    if (known) return known.to;
    this.qrs.push({ text, to });
    return to;
  }
}

/**
 * The sample games the components' default texts name (the configurations' site names and the
 * site templates' games their news and texts come from), longest first so that none is cut short.
 */
const SAMPLE_GAMES: readonly string[] = [
  ...new Set([...MAIN_PRESETS.map((preset) => fieldDefault(preset, mainKeys.webName)), ...Object.values(COPY).map((copy) => copy.game)]),
]
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);

/** Reads one component's fields; every sample game's name in its texts becomes `ownName` (when there is one). */
function reader(type: ComponentType, config: ConfigField[], input: BuiltSiteRenderInput, plan: CopyPlan, ownName = ''): FieldReader {
  const fields = new Map(config.map((field) => [field.key, field]));
  const texts = input.texts[type] ?? {};
  const files = input.files[type] ?? {};
  const text = (key: string): string => {
    const given = texts[key];
    return withOwnName(typeof given === 'string' ? given : (fields.get(key)?.value ?? ''), ownName, SAMPLE_GAMES);
  };
  return {
    text,
    link: (key) => safeHref(text(key)),
    httpUrl: (key) => httpLink(text(key)),
    image: (key) => {
      const source: SourceFile | undefined = files[key];
      const from = source?.path ?? builderAssetFile(fields.get(key)?.value ?? '');
      if (!from) throw new Error(`Builder ${type} component: no picture for ${key}`);
      return plan.copy(from, `assets/images/${type}-${key.replace(/[^a-z0-9]+/gi, '-')}${extensionOf(from, IMAGE_EXTENSIONS, '.img')}`);
    },
    qr: (key) => {
      const target = httpLink(text(key));
      return target ? plan.qr(target, `assets/qr-${type}-${key.replace(/[^a-z0-9]+/gi, '-')}.png`) : null;
    },
  };
}

function definition<T>(type: PartType, id: number): T {
  const found = findComponent(type, id);
  if (!found) throw new Error(`Unknown ${type} component ${id}`);
  return found as T;
}

export function planBuiltSite(input: BuiltSiteRenderInput): BuiltPlan {
  const preset = findMainPreset(input.selected.main);
  if (!preset) throw new Error(`Unknown site configuration ${input.selected.main}`);
  if (!isThemeName(preset.theme)) throw new Error(`Site configuration ${preset.id} names an unknown palette ${preset.theme}`);
  const plan = new CopyPlan();
  const main = reader('main', configFields(preset.config), input, plan);
  const name = main.text(mainKeys.webName).trim() || preset.name;
  const part = <T extends { config: ConfigGroupLike }>(type: PartType): { def: T; f: FieldReader } => {
    const def = definition<T>(type, input.selected[type]);
    return { def, f: reader(type, configFields(def.config), input, plan, name) };
  };
  const parts: BuiltParts = {
    head: part<HeadDefinition>('head'),
    banner: part<BannerDefinition>('banner'),
    content: part<ContentDefinition>('content'),
    sidebar: part<SidebarDefinition>('sidebar'),
    footer: part<FooterDefinition>('footer'),
  };
  const music = input.music ? plan.copy(input.music.path, `assets/music${extensionOf(input.music.path, MUSIC_EXTENSIONS, '.mp3')}`) : null;
  const placeholderLogo = builderAssetFile(fieldDefault(parts.banner.def, LOGO_KEY));
  const logoFile = input.files.banner?.[LOGO_KEY]?.path ?? placeholderLogo;
  const bannerFile = input.files.banner?.banner?.path ?? builderAssetFile(fieldDefault(parts.banner.def, 'banner'));
  if (!logoFile || !bannerFile) throw new Error('The banner has no logo or no picture');
  return {
    preset,
    theme: THEMES[preset.theme],
    name,
    description: main.text(mainKeys.description),
    parts,
    logoFile,
    ownLogo: logoFile !== placeholderLogo,
    bannerFile,
    music,
    copies: plan.copies,
    qrs: plan.qrs,
  };
}

type ConfigGroupLike = ContentDefinition['config'];

function fieldDefault(def: { config: ConfigGroupLike }, key: string): string {
  return configFields(def.config).find((field) => field.key === key)?.value ?? '';
}
