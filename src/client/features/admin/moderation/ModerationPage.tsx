import { Card, Tabs } from 'antd';
import PublishedTab from './PublishedTab';
import ReportsTab from './ReportsTab';
import WordsTab from './WordsTab';

/** 内容审核: published pages (下线 / 恢复), the reports visitors filed, and the sensitive words. */
export default function ModerationPage() {
  return (
    <Card title="内容审核">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'published', label: '已发布页面', children: <PublishedTab /> },
          { key: 'reports', label: '举报', children: <ReportsTab /> },
          { key: 'words', label: '敏感词', children: <WordsTab /> },
        ]}
      />
    </Card>
  );
}
