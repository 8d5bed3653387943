import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { BannerTemplate } from '../../../../contract/generation';
import TemplateGrid from '../../../components/TemplateGrid';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { catalogPageRequested, selectBannerCatalog } from '../../catalog/catalogSlice';

interface PickerProps {
  selectedId: number | null;
  onPreview(template: BannerTemplate): void;
  onSelect(template: BannerTemplate): void;
}

/** The banner catalogue's grid; mounted each time the dialog opens, when it asks for its page again. */
function BannerPicker({ selectedId, onPreview, onSelect }: PickerProps) {
  const dispatch = useAppDispatch();
  const catalog = useAppSelector(selectBannerCatalog);
  // The page shown last (in this dialog or on the banner list).
  const [firstPage] = useState(catalog.page);

  useEffect(() => {
    dispatch(catalogPageRequested({ catalog: 'banner', page: firstPage }));
  }, [dispatch, firstPage]);

  return (
    <TemplateGrid
      items={catalog.items}
      loading={catalog.status === 'loading' || catalog.status === 'idle'}
      page={catalog.page}
      total={catalog.total}
      selectedId={selectedId}
      coverFit="cover"
      onPageChange={(page) => dispatch(catalogPageRequested({ catalog: 'banner', page }))}
      onPreview={onPreview}
      onSelect={onSelect}
    />
  );
}

/** The banner styles in a dialog, so that the mini site's banner is changed without leaving its config page. */
export default function BannerPickerDialog({ open, onClose, ...picker }: PickerProps & { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title="选择整屏动画样式" footer={null} onCancel={onClose} width={1000} centered destroyOnHidden>
      {open ? <BannerPicker {...picker} /> : null}
    </Modal>
  );
}
