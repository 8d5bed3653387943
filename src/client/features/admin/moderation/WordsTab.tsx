import { Button, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ModerationLimits } from '../../../../contract/moderation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectWords, wordsOpened, wordsSaveRequested } from './moderationSlice';

/** 敏感词: one word a line; every publish is checked against the list, on every server within seconds. */
export default function WordsTab() {
  const dispatch = useAppDispatch();
  const words = useAppSelector(selectWords);
  const [text, setText] = useState(words.text);

  useEffect(() => {
    dispatch(wordsOpened());
  }, [dispatch]);
  // The list as kept (trimmed, each word once) replaces what was typed once it is saved or loaded.
  useEffect(() => {
    setText(words.text);
  }, [words.text]);

  const count = text.split('\n').filter((line) => line.trim()).length;
  return (
    <Spin spinning={words.status === 'loading'}>
      <Typography.Paragraph type="secondary">
        每行一个词，最多 {ModerationLimits.sensitiveWordsMax} 个，每个不超过 {ModerationLimits.sensitiveWordMaxLength} 个字。发布网站时检查页面中的文字（忽略大小写、全角半角和空格），含有任一词即不能发布，并告诉用户是哪个词。
      </Typography.Paragraph>
      <Input.TextArea aria-label="敏感词" value={text} rows={14} onChange={(event) => setText(event.target.value)} placeholder={'每行一个词，例如：\n赌博\n代开发票'} />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={words.saving} onClick={() => dispatch(wordsSaveRequested({ words: text }))}>
          保存
        </Button>
        <Typography.Text type="secondary">{count} 个词</Typography.Text>
      </Space>
    </Spin>
  );
}
