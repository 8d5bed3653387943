import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type BannerTexts, type LogoTexts } from '../../../contract/generation';
import { isSamplePicture, withOwnName, type ConfigField, type ConfigGroup } from '../../../contract/miniSite';
import type { SampleField } from '../../components/SampleFieldsDialog';
import type { FlowConfig } from './selections.types';

/**
 * What the check before generating lists: another game's content still in what is about to be
 * made. One rule for the mini site, the builder and the logo and banner forms.
 */

export interface TemplateSampleOptions {
  /** The field naming the game: its sample is listed as it is, never as renamed. */
  nameKey: string;
  /** The user's game name, which the renderer puts for the sample games' names in sample texts. */
  ownName: string;
  sampleNames: readonly string[];
  /** The dialog's key for a field (the builder adds its component type). */
  keyOf?(key: string): string;
  /** The dialog's heading for a group (the builder adds its tab). */
  groupOf?(name: string): string;
}

/**
 * Whether a field still holds a template's sample: a text as the template wrote it (or with the
 * sample game renamed), or any template's own picture (a switch of templates may have carried one
 * over). Not a sample: what any game keeps (generic), and an empty field, which is left out.
 */
export function isTemplateSample(field: ConfigField, value: string | undefined, options: Pick<TemplateSampleOptions, 'nameKey' | 'ownName' | 'sampleNames'>): boolean {
  if (field.generic || !value) return false;
  if (field.type === 'image' || field.type === 'banner') return value === field.value || isSamplePicture(value);
  if ((field.type !== 'text' && field.type !== 'textarea') || field.value === '') return false;
  return value === field.value || (field.key !== options.nameKey && value === withOwnName(field.value, options.ownName, options.sampleNames));
}

/** A template form's fields that still hold samples, in the form's order, each named with its group. */
export function templateSampleFields(groups: readonly ConfigGroup[], values: Readonly<Record<string, string>>, options: TemplateSampleOptions): SampleField[] {
  const keyOf = options.keyOf ?? ((key: string) => key);
  const groupOf = options.groupOf ?? ((name: string) => name);
  return groups.flatMap((group) =>
    group.children.filter((field) => isTemplateSample(field, values[field.key], options)).map((field) => ({ key: keyOf(field.key), name: field.name, group: groupOf(group.name) })),
  );
}

export type FlowTextKey = keyof LogoTexts | keyof BannerTexts;

/** The labels of the logo and banner forms' fields. */
export const FLOW_TEXT_LABELS: Readonly<Record<FlowTextKey, string>> = {
  logotext: 'LOGO名称',
  rightsealtext: '右侧印章文字',
  bottomsealtext: '底部印章文字',
  bottomtext: '底部标语',
  bannertextup: '动画上方文字',
  bannertextdown: '动画下方文字',
};

const SAMPLE_TEXTS: Readonly<Record<FlowTextKey, string>> = { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS };

/**
 * The sample lines that are another game's content: its name, slogan and banner lines. The seals
 * (官方, 正版) are any game's and are never listed.
 */
const LOGO_LINES = ['logotext', 'bottomtext'] as const satisfies readonly FlowTextKey[];
const BANNER_LINES = ['bannertextup', 'bannertextdown'] as const satisfies readonly FlowTextKey[];

const isSampleLine = (key: FlowTextKey, value: string | undefined): boolean => (value ?? '').trim() === SAMPLE_TEXTS[key];

/** A logo or banner form field in the dialog's list: 'flow:bottomtext'. */
const FLOW_KEY_PREFIX = 'flow:';
export const flowSampleKey = (key: FlowTextKey): string => `${FLOW_KEY_PREFIX}${key}`;

/** The form field a listed item of flowSampleKey names, or null for another form's field. */
export function flowTextKeyOf(sampleKey: string): FlowTextKey | null {
  const key = sampleKey.startsWith(FLOW_KEY_PREFIX) ? sampleKey.slice(FLOW_KEY_PREFIX.length) : '';
  return key in FLOW_TEXT_LABELS ? (key as FlowTextKey) : null;
}

const LINES_GROUP = 'LOGO与整屏动画';

/**
 * Before 生成LOGO / 生成整屏动画: the sample game's lines on a logo that names the user's own game
 * (星河战纪 over 热血征途 再创辉煌), and the sample name itself once the user's game has a name
 * (a name too long for a logo leaves LOGO名称 at 龙腾天下). A form still all samples, for a game
 * not named yet, is a trial of the style, not a mix of two games: nothing is listed then.
 */
export function foreignLinesOf(texts: Partial<LogoTexts & BannerTexts>, kind: 'logo' | 'banner', gameName = ''): SampleField[] {
  const sampleName = isSampleLine('logotext', texts.logotext);
  const gameNamed = gameName.trim() !== '' && !isSampleLine('logotext', gameName);
  if (!texts.logotext?.trim() || (sampleName && !gameNamed)) return [];
  const lines: readonly FlowTextKey[] = kind === 'banner' ? ['bottomtext', ...BANNER_LINES] : ['bottomtext'];
  const keys: readonly FlowTextKey[] = sampleName ? ['logotext', ...lines] : lines;
  const group = kind === 'banner' ? LINES_GROUP : 'LOGO文字';
  return keys.filter((key) => isSampleLine(key, texts[key])).map((key) => ({ key: flowSampleKey(key), name: FLOW_TEXT_LABELS[key], group }));
}

/**
 * Before 生成网站: the sample game's lines in the generated logo and banner, as they were made (a
 * line changed since says the result has to be made again).
 */
export function resultSampleLinesOf(config: FlowConfig): SampleField[] {
  const logo = config.madeFrom?.logo ?? config;
  const banner = config.madeFrom?.banner ?? config;
  const made: Partial<LogoTexts & BannerTexts> = {
    logotext: logo.logotext,
    bottomtext: logo.bottomtext,
    bannertextup: banner.bannertextup,
    bannertextdown: banner.bannertextdown,
  };
  const keys = [...(config.logoUrl ? LOGO_LINES : []), ...(config.bannerUrl ? BANNER_LINES : [])];
  return keys
    .filter((key) => isSampleLine(key, made[key]))
    .map((key) => ({
      key: flowSampleKey(key),
      name: made[key] === config[key] ? FLOW_TEXT_LABELS[key] : `${FLOW_TEXT_LABELS[key]}（已修改，需重新生成）`,
      group: LINES_GROUP,
    }));
}
