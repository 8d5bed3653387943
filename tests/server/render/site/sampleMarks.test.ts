import { COMPONENT_TYPES } from '../../../../src/contract/builder';
import { configFields, isSamplePicture, type ConfigField } from '../../../../src/contract/miniSite';
import { listComponents } from '../../../../src/server/render/builder/catalog';
import { siteTemplates } from '../../../../src/server/render/site/catalog';

/** Every field of every site template and builder component, with where it is. */
const everyField: ReadonlyArray<readonly [string, ConfigField]> = [
  ...siteTemplates.flatMap((template) => configFields(template.config).map((field) => [`site ${template.id}`, field] as const)),
  ...COMPONENT_TYPES.flatMap((type) => listComponents(type).flatMap((component) => configFields(component.config).map((field) => [`${type} ${component.id}`, field] as const))),
];

describe('what the check before generating knows of the templates\' samples', () => {
  it('knows every template\'s own picture for a sample, wherever a switch carries it', () => {
    const pictures = everyField.filter(([, field]) => field.type === 'image' && field.value);
    expect(pictures.length).toBeGreaterThan(100);
    expect(pictures.filter(([, field]) => !isSamplePicture(field.value)).map(([where, field]) => `${where} ${field.key} ${field.value}`)).toEqual([]);
  });

  it('marks what every game keeps (news tags, 立即下载, the health advice, link and section labels) and nothing of a game\'s own', () => {
    const generic = (key: string) => everyField.filter(([, field]) => field.key === key).every(([, field]) => field.generic === true);
    for (const key of ['news1_tag', 'news4_tag', 'health_advice', 'cta_text', 'link1_text']) expect(generic(key)).toBe(true);
    expect(everyField.filter(([, field]) => field.value === '立即下载').every(([, field]) => field.generic)).toBe(true);
    const content = ['game_name', 'web_name', 'slogan', 'intro', 'news1_title', 'feature1_title', 'feature1_desc', 'role1_name', 'subtitle', 'prompt', 'gift_desc', 'gallery1'];
    const marked = everyField.filter(([where, field]) => (content.includes(field.key) || (where.startsWith('banner') && field.key === 'title')) && field.generic);
    expect(marked.map(([where, field]) => `${where} ${field.key}`)).toEqual([]);
  });
});
