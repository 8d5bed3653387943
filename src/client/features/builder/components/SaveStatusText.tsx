import { useAppSelector } from '../../../app/hooks';
import type { SaveStatus } from '../builder.types';
import { selectIsDirty } from '../builderSelectors';

const TEXTS: Record<SaveStatus, string> = {
  idle: '修改后自动保存',
  saving: '正在保存…',
  saved: '已自动保存',
  offline: '网络已断开，恢复后自动保存',
  failed: '保存失败，再次修改时重试',
};

/** Edits the auto-save has not sent yet: "saved" would say they were. */
const PENDING_TEXT = '有修改，即将自动保存';

/** The site's name and where its auto-save is, under the page title. */
export default function SaveStatusText({ status, siteName }: { status: SaveStatus; siteName?: string }) {
  const dirty = useAppSelector(selectIsDirty);
  const text = dirty && (status === 'saved' || status === 'idle') ? PENDING_TEXT : TEXTS[status];
  return (
    <div role="status" aria-live="polite" style={{ fontSize: 12, color: status === 'offline' || status === 'failed' ? '#d46b08' : 'rgba(0, 0, 0, 0.45)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {siteName ? `${siteName} · ` : ''}
      {text}
    </div>
  );
}
