/**
 * The builder's catalogue: enough templates for two picker pages of every type, stable unique ids,
 * the field keys the server module and the SPA rely on, and default pictures that exist.
 */
import { componentPageSize, type ComponentType } from '../../../../src/contract/builder';
import { configFields } from '../../../../src/contract/miniSite';
import { BUILDER_ASSETS_DIR, BUILDER_ASSETS_URL_PREFIX, builderAssetFile } from '../../../../src/server/render/builder/assets';
import {
  componentPictures,
  DEFAULT_MAIN_PRESET_ID,
  findComponent,
  findMainPreset,
  listComponents,
  logoComponentConfig,
} from '../../../../src/server/render/builder/catalog';
import path from 'node:path';

const TYPES: readonly ComponentType[] = ['main', 'head', 'banner', 'content', 'sidebar', 'footer'];
const MINIMUM: Record<string, number> = { main: 12, head: 12, banner: 12, content: 14, sidebar: 14, footer: 12 };

const fieldsOf = (type: ComponentType, id: number) => configFields(findComponent(type, id)?.config ?? []);

describe('builder catalogue', () => {
  it.each(TYPES.map((type) => [type]))('has at least two picker pages of %s templates with unique ids and names', (type) => {
    const list = listComponents(type);
    expect(list.length).toBeGreaterThanOrEqual(MINIMUM[type]);
    expect(list.length).toBeGreaterThan(componentPageSize(type));
    expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
    for (const component of list) {
      expect(component.type).toBe(type);
      expect(findComponent(type, component.id)).toBe(component);
      const keys = configFields(component.config).map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('knows no logo list of its own and no unknown template', () => {
    expect(listComponents('logo')).toEqual([]);
    expect(findComponent('head', 999)).toBeUndefined();
    expect(findMainPreset(999)).toBeUndefined();
  });

  it('gives every banner its picture, logo, picture description, texts and optional video', () => {
    for (const banner of listComponents('banner')) {
      const fields = new Map(fieldsOf('banner', banner.id).map((field) => [field.key, field]));
      expect(fields.get('banner')?.type).toBe('banner');
      expect(fields.get('banner_logo')?.type).toBe('banner_logo');
      expect(fields.get('prompt')).toMatchObject({ type: 'textarea', name: '画面描述', len: 200 });
      expect(fields.get('prompt')?.value).not.toBe('');
      expect(fields.get('video')).toMatchObject({ type: 'video', value: '' });
      expect(fields.get('title')?.type).toBe('text');
      expect(fields.get('subtitle')?.type).toBe('text');
    }
  });

  it('gives every head and footer the same logo field as the banners', () => {
    const bannerLogo = fieldsOf('banner', 1).find((field) => field.key === 'banner_logo');
    for (const type of ['head', 'footer'] as const) {
      for (const component of listComponents(type)) {
        expect(fieldsOf(type, component.id).find((field) => field.key === 'banner_logo')).toEqual(bannerLogo);
      }
    }
  });

  it('makes every complete configuration name real templates, a palette and the site fields', () => {
    expect(findMainPreset(DEFAULT_MAIN_PRESET_ID)).toBeDefined();
    for (const preset of listComponents('main')) {
      const main = findMainPreset(preset.id);
      expect(main).toBeDefined();
      if (!main) continue;
      for (const type of ['head', 'banner', 'content', 'sidebar', 'footer'] as const) expect(findComponent(type, main.components[type])).toBeDefined();
      expect(main.components.logo).toBeGreaterThan(0);
      const fields = new Map(configFields(main.config).map((field) => [field.key, field]));
      expect(fields.get('web_name')).toMatchObject({ type: 'text', name: '网站名称', len: 30 });
      expect(fields.get('description')).toMatchObject({ type: 'textarea', name: '网站简介' });
      expect(fields.get('music')).toMatchObject({ type: 'music', value: '' });
    }
  });

  it('describes the logo type by its text', () => {
    expect(configFields(logoComponentConfig())).toEqual([expect.objectContaining({ key: 'logotext', type: 'text', name: 'LOGO文字', len: 6, value: '', optional: true })]);
  });

  it('names pictures under its prefix and has a file for every default picture', () => {
    expect(componentPictures('head', 3)).toEqual({ url: '/builder-assets/head-3-thumb.webp', preview_image: '/builder-assets/head-3-preview.webp' });
    for (const type of TYPES) {
      for (const component of listComponents(type)) {
        for (const field of configFields(component.config)) {
          if (field.type === 'image' || field.type === 'banner' || field.type === 'banner_logo') {
            expect(field.value.startsWith(BUILDER_ASSETS_URL_PREFIX)).toBe(true);
            expect(builderAssetFile(field.value)).not.toBeNull();
          }
        }
      }
    }
  });

  it('resolves only its own files and refuses any way out of its folder', () => {
    expect(builderAssetFile('/builder-assets/defaults/logo.png')).toBe(path.join(BUILDER_ASSETS_DIR, 'defaults/logo.png'));
    for (const url of [
      '/builder-assets/../package.json',
      '/builder-assets/defaults/../../../../package.json',
      '/builder-assets/%2e%2e/package.json',
      '/builder-assets/defaults/..%2Flogo.png',
      '/builder-assets/defaults\\logo.png',
      '/builder-assets//etc/passwd',
      '/builder-assets/defaults/missing.png',
      '/site-templates/defaults/t1-gallery-1.webp',
      'https://example.com/builder-assets/defaults/logo.png',
      '',
    ]) {
      expect(builderAssetFile(url)).toBeNull();
    }
  });
});
