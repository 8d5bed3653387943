import { componentPageSize, type ComponentListAnswer, type ComponentTemplate, type ComponentType } from '../../../contract/builder';
import type { LogoTemplate } from '../../../contract/generation';
import { componentPictures, findMainPreset, listComponents, logoComponentConfig } from '../../render/builder/catalog';
import type { MainPreset } from '../../render/builder/types';

/**
 * The component templates as the picker and a site show them (spec section 3): the renderer's
 * catalogue with each component's pictures, and for `logo` the logo styles of the generation
 * gallery (the logo is generated in the banner tab in the chosen style) with the logo's fields.
 * Lists are made once: the catalogue does not change while the server runs.
 */
export class ComponentCatalogue {
  private readonly lists = new Map<ComponentType, readonly ComponentTemplate[]>();

  /** `logoStyles` is the gallery's list of logo styles (TemplateGallery.logoTemplates). */
  constructor(private readonly logoStyles: () => readonly LogoTemplate[]) {}

  list(type: ComponentType): readonly ComponentTemplate[] {
    const known = this.lists.get(type);
    if (known) return known;
    const made: ComponentTemplate[] =
      type === 'logo'
        ? this.logoStyles().map((style) => ({ id: style.id, name: style.name, type, url: style.thumbnail, preview_image: style.preview_image1, config: logoComponentConfig() }))
        : listComponents(type).map((component) => ({ id: component.id, name: component.name, type, ...componentPictures(type, component.id), config: component.config }));
    this.lists.set(type, made);
    return made;
  }

  find(type: ComponentType, id: number): ComponentTemplate | null {
    return this.list(type).find((template) => template.id === id) ?? null;
  }

  preset(id: number): MainPreset | null {
    return findMainPreset(id) ?? null;
  }

  /** A page of a picker list; `ids`, when given, keeps only those templates (in list order). */
  page(type: ComponentType, page: number, ids: readonly number[] | null): ComponentListAnswer {
    const all = this.list(type);
    const matching = ids ? all.filter((template) => ids.includes(template.id)) : all;
    const perPage = componentPageSize(type);
    const current = Math.max(Math.trunc(page) || 1, 1);
    const start = (current - 1) * perPage;
    return { data: matching.slice(start, start + perPage), current_page: current, per_page: perPage, total: matching.length };
  }
}
