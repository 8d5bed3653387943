/**
 * The site template catalogue: enough templates and categories for two pages of the picker, every
 * field of an allowed type within the spec's limits, defaults that pass the form's own rules, and
 * default pictures that exist and cannot be used to leave the assets folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONFIG_FIELD_TYPES, configFieldProblem, configFields, fieldMaxLength, MiniSiteLimits } from '../../../../src/contract/miniSite';
import {
  SITE_TEMPLATE_ASSETS_DIR,
  SITE_TEMPLATE_ASSETS_URL_PREFIX,
  templateAssetPath,
  templatePictureUrls,
} from '../../../../src/server/render/site/assets';
import { findSiteDesign, findSiteTemplate, siteCategories, siteTemplates } from '../../../../src/server/render/site/catalog';
import { LAYOUT_FAMILIES } from '../../../../src/server/render/site/design';
import { BANNER_STYLES } from '../../../../src/server/render/styles';

describe('site template catalogue', () => {
  it('has at least two pages of templates over at least five categories, with unique ids', () => {
    expect(siteTemplates.length).toBeGreaterThanOrEqual(2 * MiniSiteLimits.templatePageSize);
    expect(siteCategories.length).toBeGreaterThanOrEqual(5);
    expect(new Set(siteTemplates.map((t) => t.id)).size).toBe(siteTemplates.length);
    expect(new Set(siteCategories.map((c) => c.id)).size).toBe(siteCategories.length);
    expect(new Set(siteTemplates.map((t) => t.name)).size).toBe(siteTemplates.length);
  });

  it('puts every template in a known category, every category has templates, and every banner id exists', () => {
    const categoryIds = new Set(siteCategories.map((c) => c.id));
    for (const template of siteTemplates) {
      expect(categoryIds.has(template.categoryId)).toBe(true);
      expect(BANNER_STYLES.some((style) => style.id === template.bannerId)).toBe(true);
    }
    for (const category of siteCategories) expect(siteTemplates.filter((t) => t.categoryId === category.id).length).toBeGreaterThanOrEqual(2);
  });

  it('uses every layout family, and no two templates share both family and theme', () => {
    const designs = siteTemplates.map((t) => findSiteDesign(t.id));
    expect(new Set(designs.map((d) => d?.family))).toEqual(new Set(LAYOUT_FAMILIES));
    const pairs = designs.map((d) => `${d?.family}/${d?.theme.key}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('finds a template by id and nothing for an unknown id', () => {
    expect(findSiteTemplate(siteTemplates[0].id)).toBe(siteTemplates[0]);
    expect(findSiteTemplate(0)).toBeUndefined();
    expect(findSiteTemplate(9999)).toBeUndefined();
    expect(findSiteDesign(9999)).toBeUndefined();
  });

  describe.each(siteTemplates.map((t) => [t.id, t] as const))('template %i', (_id, template) => {
    const fields = configFields(template.config);

    it('has named groups of fields of the allowed types with unique keys', () => {
      expect(fields.length).toBeGreaterThan(10);
      for (const group of template.config) expect(group.name.trim()).not.toBe('');
      expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
      for (const field of fields) {
        expect(CONFIG_FIELD_TYPES).toContain(field.type);
        expect(field.key).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(field.name.trim()).not.toBe('');
        expect(typeof field.value).toBe('string');
      }
    });

    it('keeps text fields within 100 and textareas within 500, and every default passes the form rules', () => {
      for (const field of fields) {
        if (field.type === 'text') expect(fieldMaxLength(field)).toBeLessThanOrEqual(MiniSiteLimits.textMax);
        if (field.type === 'textarea') expect(fieldMaxLength(field)).toBeLessThanOrEqual(MiniSiteLimits.textareaMax);
        if (field.type === 'text' || field.type === 'textarea') {
          expect(field.len).toBeDefined();
          expect(Array.from(field.value).length).toBeLessThanOrEqual(fieldMaxLength(field));
        }
        expect(configFieldProblem(field, field.value)).toBeNull();
      }
    });

    it('has the banner and banner_logo fields, a music field, and the compliance fields with the standard health advice', () => {
      const byKey = new Map(fields.map((f) => [f.key, f]));
      expect(byKey.get('banner')?.type).toBe('banner');
      expect(byKey.get('banner_logo')?.type).toBe('banner_logo');
      expect(byKey.get('music')?.type).toBe('music');
      // Licence numbers, companies and links are the studio's own: empty with a hint, never invented.
      for (const key of ['publisher', 'copyright_owner', 'isbn', 'approval', 'icp', 'copyright', 'qr_url', 'ios_url', 'android_url', 'pc_url']) {
        expect(byKey.get(key)).toMatchObject({ value: '', optional: true, placeholder: expect.any(String) });
        expect(configFieldProblem(byKey.get(key)!, '')).toBeNull();
      }
      expect(fields.filter((f) => /example\.com|0000/.test(f.value))).toEqual([]);
      expect(byKey.get('health_advice')?.value).toBe('抵制不良游戏，拒绝盗版游戏。注意自我保护，谨防受骗上当。适度游戏益脑，沉迷游戏伤身。合理安排时间，享受健康生活。');
    });

    it('points every image field at a default picture of ours that exists', () => {
      const images = fields.filter((f) => f.type === 'image');
      expect(images.length).toBeGreaterThanOrEqual(4);
      for (const field of images) {
        expect(field.value.startsWith(`${SITE_TEMPLATE_ASSETS_URL_PREFIX}defaults/`)).toBe(true);
        const file = templateAssetPath(field.value);
        expect(file).not.toBeNull();
        expect(fs.statSync(file as string).size).toBeGreaterThan(1000);
      }
    });
  });
});

describe('site template assets', () => {
  it('names the pictures of a template under the assets URL prefix', () => {
    expect(templatePictureUrls(7)).toEqual({
      thumbnail: '/site-templates/7-thumb.webp',
      preview_image: '/site-templates/7-preview.webp',
      preview_image_phone: '/site-templates/7-preview-phone.webp',
    });
    expect(path.isAbsolute(SITE_TEMPLATE_ASSETS_DIR)).toBe(true);
    expect(fs.existsSync(SITE_TEMPLATE_ASSETS_DIR)).toBe(true);
  });

  it('maps our default picture URLs to their files and anything else to null', () => {
    const url = configFields(siteTemplates[0].config).find((f) => f.type === 'image')?.value ?? '';
    expect(templateAssetPath(url)).toBe(path.join(SITE_TEMPLATE_ASSETS_DIR, 'defaults', url.split('/').pop() ?? ''));
    for (const bad of [
      '/site-templates/defaults/../manifest.json',
      '/site-templates/defaults/..%2F..%2Fapp.ts',
      '/site-templates/defaults/sub/x.webp',
      '/site-templates/defaults/.hidden.webp',
      '/site-templates/defaults/missing-picture.webp',
      '/site-templates/defaults/t1-gallery-1.webp?x=1',
      '/site-templates/1-thumb.webp',
      '/uploads/t1-gallery-1.webp',
      'https://example.com/site-templates/defaults/t1-gallery-1.webp',
      '/site-templates/defaults/',
      '',
    ]) {
      expect(templateAssetPath(bad)).toBeNull();
    }
  });
});
