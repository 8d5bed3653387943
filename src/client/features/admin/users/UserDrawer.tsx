import { Descriptions, Drawer, Empty, List, Spin, Tag, Typography } from 'antd';
import { jobKindLabel, type ConsoleUserDetail } from '../../../../contract/operators';
import { formatConsoleTime } from '../consoleTime';
import { StorageQuotaMessages } from '../../../../contract/storageQuota';

const SITE_KIND = { builder: '搭建网站', miniSite: '小站' } as const;

interface UserDrawerProps {
  detail: { id: number; status: string; data: ConsoleUserDetail | null } | null;
  onClose(): void;
}

/** One account: who it is, and its works, sites and published pages. */
export default function UserDrawer({ detail, onClose }: UserDrawerProps) {
  const data = detail?.data;
  return (
    <Drawer open={detail !== null} onClose={onClose} title={data ? `${data.user.name}（ID ${data.user.id}）` : '用户'} size="large">
      {!data ? (
        detail?.status === 'failed' ? <Empty description="加载失败" /> : <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="手机号">{data.user.mobile || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="微信">{data.user.wechat ? '已绑定' : '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatConsoleTime(data.user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="存储空间">{StorageQuotaMessages.label(data.storage).replace(/^存储空间 /, '')}</Descriptions.Item>
            <Descriptions.Item label="状态">{data.user.disabledReason ? <Tag color="red">已停用：{data.user.disabledReason}</Tag> : <Tag color="green">正常</Tag>}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>已发布页面（{data.published.length}）</Typography.Title>
          <List
            size="small"
            dataSource={data.published}
            locale={{ emptyText: '没有已发布的页面' }}
            renderItem={(page) => (
              <List.Item>
                <a href={page.url} target="_blank" rel="noreferrer noopener">
                  {page.name || page.slug}
                </a>
                <span>
                  {SITE_KIND[page.kind]} · 更新于 {formatConsoleTime(page.updatedAt)}
                </span>
              </List.Item>
            )}
          />
          <Typography.Title level={5}>网站（{data.sites.length}）</Typography.Title>
          <List
            size="small"
            dataSource={data.sites}
            locale={{ emptyText: '没有网站' }}
            renderItem={(site) => (
              <List.Item>
                <span>{site.name || `#${site.id}`}</span>
                <span>
                  {SITE_KIND[site.kind]} · {formatConsoleTime(site.createdAt)}
                </span>
              </List.Item>
            )}
          />
          <Typography.Title level={5}>作品（{data.works.length}）</Typography.Title>
          <List
            size="small"
            dataSource={data.works}
            locale={{ emptyText: '没有作品' }}
            renderItem={(work) => (
              <List.Item>
                <span>{work.title}</span>
                <span>
                  {jobKindLabel(work.kind)} · {formatConsoleTime(work.createdAt)}
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
