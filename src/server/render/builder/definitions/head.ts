/** The navigation bars (head): four arrangements, each on three surfaces. */
import type { ConfigGroup } from '../../../../contract/miniSite';
import { generic, link, logoField, text } from '../fields';
import type { HeadDefinition, HeadDesign } from '../types';

export const headKeys = { ctaText: 'cta_text', ctaLink: 'cta_link', notice: 'notice', noticeLink: 'notice_link' } as const;

function headConfig(design: HeadDesign): ConfigGroup[] {
  const k = headKeys;
  const groups: ConfigGroup[] = [
    { name: 'LOGO', children: [logoField()] },
    { name: '按钮', children: [generic(text(k.ctaText, '按钮文字', '立即下载', 6)), link(k.ctaLink, '按钮链接')] },
  ];
  if (design.layout === 'stacked' || design.layout === 'rail') {
    groups.push({ name: '公告条', children: [text(k.notice, '公告文字', '全平台公测火热进行中，登录即领开服豪礼', 30), link(k.noticeLink, '公告链接')] });
  }
  return groups;
}

const LAYOUT_NAMES: Record<HeadDesign['layout'], string> = { bar: '经典横栏', centered: '居中徽标', stacked: '双层公告', rail: '标签轨道' };
const SURFACE_NAMES: Record<HeadDesign['surface'], string> = { glass: '通透', solid: '沉稳', accent: '主题色' };

const LAYOUTS: HeadDesign['layout'][] = ['bar', 'centered', 'stacked', 'rail'];
const SURFACES: HeadDesign['surface'][] = ['glass', 'solid', 'accent'];

export const HEADS: readonly HeadDefinition[] = LAYOUTS.flatMap((layout, i) =>
  SURFACES.map((surface, j): HeadDefinition => {
    const design = { layout, surface };
    return { id: i * SURFACES.length + j + 1, type: 'head', name: `${LAYOUT_NAMES[layout]}·${SURFACE_NAMES[surface]}`, config: headConfig(design), design };
  }),
);
