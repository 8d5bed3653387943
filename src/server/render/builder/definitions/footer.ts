/** The footers: four arrangements of the logo, links and the compliance block every Chinese game site carries, on three surfaces. */
import type { ConfigGroup } from '../../../../contract/miniSite';
import { complianceGroup, footerLinksGroup, logoField } from '../fields';
import type { FooterDefinition, FooterDesign } from '../types';

function footerConfig(design: FooterDesign): ConfigGroup[] {
  return [{ name: 'LOGO', children: [logoField()] }, footerLinksGroup(), complianceGroup()].filter((group) => design.layout !== 'full' || group.name !== '页脚链接');
}

const LAYOUT_NAMES: Record<FooterDesign['layout'], string> = { full: '版号全览', columns: '多栏链接', centered: '居中简约', compact: '紧凑两行' };
const SURFACE_NAMES: Record<FooterDesign['surface'], string> = { dark: '深色', theme: '主题底', accent: '主题色' };
const LAYOUTS: FooterDesign['layout'][] = ['full', 'columns', 'centered', 'compact'];
const SURFACES: FooterDesign['surface'][] = ['dark', 'theme', 'accent'];

export const FOOTERS: readonly FooterDefinition[] = LAYOUTS.flatMap((layout, i) =>
  SURFACES.map((surface, j): FooterDefinition => {
    const design = { layout, surface };
    return { id: i * SURFACES.length + j + 1, type: 'footer', name: `${LAYOUT_NAMES[layout]}·${SURFACE_NAMES[surface]}`, config: footerConfig(design), design };
  }),
);
