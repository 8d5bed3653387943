/**
 * The content areas: each a run of sections (intro, news, features, characters, screenshots,
 * events) in its own looks, with the texts and pictures of one sample game.
 */
import type { ConfigGroup } from '../../../../contract/miniSite';
import type { PictureSet } from '../defaults';
import { eventsGroup, featuresGroup, galleryGroup, gameCopy, introGroup, newsGroup, rolesGroup } from '../fields';
import type { ContentDefinition, ContentSection } from '../types';

interface Entry {
  name: string;
  /** The site template whose sample game gives the texts. */
  game: number;
  pictures: PictureSet;
  sections: ContentSection[];
}

const ENTRIES: readonly Entry[] = [
  { name: '综合官网', game: 1, pictures: 'palace', sections: [{ kind: 'news', look: 'list' }, { kind: 'features', look: 'rows' }, { kind: 'gallery', look: 'grid' }] },
  { name: '资讯门户', game: 11, pictures: 'royal', sections: [{ kind: 'intro', look: 'picture' }, { kind: 'news', look: 'cards' }, { kind: 'events', look: 'tiles' }] },
  { name: '角色图鉴', game: 21, pictures: 'sakura', sections: [{ kind: 'roles', look: 'showcase' }, { kind: 'gallery', look: 'strip' }] },
  { name: '特色长卷', game: 5, pictures: 'ink', sections: [{ kind: 'intro', look: 'quote' }, { kind: 'features', look: 'timeline' }, { kind: 'roles', look: 'cards' }] },
  { name: '画廊时间线', game: 22, pictures: 'star', sections: [{ kind: 'gallery', look: 'mosaic' }, { kind: 'news', look: 'timeline' }] },
  { name: '英雄与新闻', game: 7, pictures: 'jade', sections: [{ kind: 'roles', look: 'cards' }, { kind: 'news', look: 'list' }] },
  { name: '卡片特色', game: 13, pictures: 'candy', sections: [{ kind: 'features', look: 'cards' }, { kind: 'gallery', look: 'strip' }, { kind: 'events', look: 'tiles' }] },
  { name: '故事与伙伴', game: 15, pictures: 'pets', sections: [{ kind: 'intro', look: 'picture' }, { kind: 'roles', look: 'cards' }, { kind: 'news', look: 'cards' }] },
  { name: '战报中心', game: 18, pictures: 'space', sections: [{ kind: 'news', look: 'timeline' }, { kind: 'features', look: 'cards' }, { kind: 'gallery', look: 'mosaic' }] },
  { name: '英雄特写', game: 24, pictures: 'snow', sections: [{ kind: 'roles', look: 'showcase' }, { kind: 'features', look: 'rows' }] },
  { name: '简介画廊', game: 14, pictures: 'pixel', sections: [{ kind: 'intro', look: 'quote' }, { kind: 'gallery', look: 'grid' }, { kind: 'events', look: 'tiles' }] },
  { name: '活动专题', game: 23, pictures: 'campus', sections: [{ kind: 'events', look: 'tiles' }, { kind: 'news', look: 'cards' }, { kind: 'features', look: 'timeline' }, { kind: 'roles', look: 'cards' }] },
  { name: '国风全景', game: 5, pictures: 'ink', sections: [{ kind: 'intro', look: 'picture' }, { kind: 'news', look: 'list' }, { kind: 'gallery', look: 'strip' }] },
  { name: '完整官网', game: 1, pictures: 'palace', sections: [{ kind: 'news', look: 'cards' }, { kind: 'features', look: 'rows' }, { kind: 'roles', look: 'showcase' }, { kind: 'gallery', look: 'mosaic' }] },
];

function contentConfig(entry: Entry): ConfigGroup[] {
  const copy = gameCopy(entry.game);
  return entry.sections.map((section) => {
    switch (section.kind) {
      case 'intro':
        return introGroup(copy, entry.pictures, section.look === 'picture');
      case 'news':
        return newsGroup(copy, entry.pictures, section.look === 'list');
      case 'features':
        return featuresGroup(copy, entry.pictures);
      case 'roles':
        return rolesGroup(copy, entry.pictures);
      case 'gallery':
        return galleryGroup(entry.pictures);
      case 'events':
        return eventsGroup();
    }
  });
}

export const CONTENTS: readonly ContentDefinition[] = ENTRIES.map((entry, i) => ({
  id: i + 1,
  type: 'content',
  name: entry.name,
  config: contentConfig(entry),
  design: { sections: entry.sections },
}));
