import { COMPONENT_TYPES, type BuilderFormData, type ComponentType, type SelectedComponentIds } from '../../../contract/builder';
import { MiniSiteMessages, configFields, type ConfigGroup } from '../../../contract/miniSite';
import { invalid } from '../../http/envelope';
import type { BuiltSiteRenderInput } from '../../render/builder/types';
import type { SourceFile } from '../../render/site/types';
import type { MusicLibrary } from '../music/musicLibrary';
import { MUSIC_KEY, PICTURE_FIELD_TYPES, inTab } from './formValues';
import type { SiteFiles } from './siteFiles';

export interface SiteState {
  userId: number;
  selected: SelectedComponentIds;
  formData: BuilderFormData;
  configs: Record<ComponentType, readonly ConfigGroup[]>;
}

/**
 * Turns a site's values into what the renderer takes: texts as they are (React escapes them),
 * every picture URL resolved to a file of ours, the music to its track. `strict` (a completion)
 * refuses a picture or track that is gone; a preview leaves it out and renders the rest.
 */
export async function builtSiteInput(site: SiteState, deps: { files: SiteFiles; music: MusicLibrary }, strict: boolean): Promise<BuiltSiteRenderInput> {
  const texts = {} as BuiltSiteRenderInput['texts'];
  const files = {} as BuiltSiteRenderInput['files'];
  let music: BuiltSiteRenderInput['music'] = null;
  for (const type of COMPONENT_TYPES) {
    texts[type] = {};
    files[type] = {};
    for (const field of configFields(site.configs[type])) {
      const value = site.formData[type][field.key] ?? field.value;
      if (field.type === 'text' || field.type === 'textarea' || field.type === 'video') {
        texts[type][field.key] = value;
      } else if (PICTURE_FIELD_TYPES.has(field.type)) {
        const file = value ? await deps.files.pictureFile(value, site.userId) : null;
        if (file) files[type][field.key] = { path: file } satisfies SourceFile;
        else if (strict && value) throw invalid(inTab(type, MiniSiteMessages.imageUnknown));
      } else if (field.type === 'music' && field.key === MUSIC_KEY && value) {
        const file = await deps.music.fileOf(value);
        const item = deps.music.items().find((candidate) => candidate.value === value);
        if (file && item) music = { path: file, name: item.name };
        else if (strict) throw invalid(inTab(type, MiniSiteMessages.musicUnknown));
      }
    }
  }
  return { selected: site.selected, texts, files, music };
}
