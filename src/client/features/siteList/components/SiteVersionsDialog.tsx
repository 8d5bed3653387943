import { Button, Empty, Modal, Popconfirm, Spin, Tag } from 'antd';
import { SITE_VERSION_REASON_LABELS, type SiteVersion } from '../../../../contract/builder';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { restoreRequested, selectSiteVersions, versionsClosed, versionsOpened } from '../siteVersionsSlice';

const REASON_COLORS: Record<SiteVersion['reason'], string> = { download: 'success', hourly: 'processing', replaced: 'warning' };

/** A picture of this site's own (a path on this origin): anything else is not put in an img. */
export function versionPictureSrc(picture: string): string | null {
  return picture.startsWith('/') && !picture.startsWith('//') ? picture : null;
}

function VersionPicture({ picture }: { picture: string }) {
  const src = versionPictureSrc(picture);
  const box = { width: 112, height: 63, borderRadius: 4, flex: 'none', background: '#f0f2f5' } as const;
  if (!src) return <div style={{ ...box, display: 'grid', placeItems: 'center', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>无图片</div>;
  return <img src={src} alt="版本首屏图片" loading="lazy" style={{ ...box, objectFit: 'cover' }} />;
}

function VersionRow({ version }: { version: SiteVersion }) {
  const dispatch = useAppDispatch();
  const { restoringId } = useAppSelector(selectSiteVersions);
  return (
    <li data-testid="site-version" style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <VersionPicture picture={version.picture} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{version.web_name || '—'}</div>
        <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{version.create_time}</div>
        <Tag color={REASON_COLORS[version.reason] ?? 'default'} style={{ marginTop: 4 }}>
          {SITE_VERSION_REASON_LABELS[version.reason] ?? version.reason}
        </Tag>
      </div>
      <Popconfirm
        title="恢复到这个版本？"
        description="当前草稿会先另存为一个版本，不会丢失。"
        okText="恢复"
        cancelText="取消"
        onConfirm={() => dispatch(restoreRequested({ versionId: version.id }))}
      >
        <Button type="link" size="small" loading={restoringId === version.id} disabled={restoringId !== null && restoringId !== version.id}>
          恢复
        </Button>
      </Popconfirm>
    </li>
  );
}

/**
 * 历史版本 of one site (over the site list): each 生成并下载 and each hour of editing kept a version;
 * 恢复 makes one the draft, keeping the draft it replaces as a version.
 */
export default function SiteVersionsDialog() {
  const dispatch = useAppDispatch();
  const { siteId, siteName, status, items, limit } = useAppSelector(selectSiteVersions);
  const retry = () => siteId !== null && dispatch(versionsOpened({ id: siteId, name: siteName }));
  return (
    <Modal open={siteId !== null} title={`历史版本 · ${siteName || '未命名网站'}`} footer={null} onCancel={() => dispatch(versionsClosed())} width={560} centered destroyOnHidden>
      <p style={{ marginTop: 0, color: 'rgba(0, 0, 0, 0.65)' }}>每次生成并下载、每编辑满一小时自动保存一个版本{limit ? `，最多保留 ${limit} 个` : ''}。</p>
      {status === 'loading' ? (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
          <Spin description="正在加载…" />
        </div>
      ) : status === 'failed' ? (
        <Empty description="历史版本加载失败">
          <Button onClick={retry}>重试</Button>
        </Empty>
      ) : items.length === 0 ? (
        <Empty description="还没有历史版本：生成并下载或编辑满一小时后会自动保存" />
      ) : (
        <ul aria-label="历史版本列表" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
          {items.map((version) => (
            <VersionRow key={version.id} version={version} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
