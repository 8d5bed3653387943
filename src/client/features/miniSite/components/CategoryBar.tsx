import type { SiteCategory } from '../../../../contract/miniSite';
import LightButton from '../../../components/LightButton';
import { ALL_CATEGORIES } from '../miniSite.types';

interface CategoryBarProps {
  categories: SiteCategory[];
  /** The category shown; ALL_CATEGORIES for 全部. */
  current: number;
  onChange(categoryId: number): void;
}

/** '全部' and the template categories (spec screen 9); without categories, just '全部'. */
export default function CategoryBar({ categories, current, onChange }: CategoryBarProps) {
  const items = [{ id: ALL_CATEGORIES, name: '全部' }, ...categories];
  return (
    <nav aria-label="模版分类" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
      {items.map((category) => {
        const active = category.id === current;
        return (
          <LightButton key={category.id} shape="round" variant={active ? 'primary' : 'default'} aria-pressed={active} onClick={() => onChange(category.id)}>
            {category.name}
          </LightButton>
        );
      })}
    </nav>
  );
}
