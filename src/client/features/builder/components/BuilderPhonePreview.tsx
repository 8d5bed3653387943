import PhonePreviewDialog from '../../../components/PhonePreviewDialog';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectPhonePreview } from '../builderSelectors';
import { phonePreviewClosed, phonePreviewRequested } from '../builderSlice';

/** The builder's 手机预览 dialog, on the builder's state. */
export default function BuilderPhonePreview() {
  const dispatch = useAppDispatch();
  const { open, status, link } = useAppSelector(selectPhonePreview);
  return <PhonePreviewDialog open={open} status={status} link={link} onClose={() => dispatch(phonePreviewClosed())} onRetry={() => dispatch(phonePreviewRequested())} />;
}
