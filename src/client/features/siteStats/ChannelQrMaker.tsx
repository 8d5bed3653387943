import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, QRCode, Radio, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { channelLink, channelProblem, countedChannel, PRESET_CHANNELS } from '../../../contract/analytics';
import { useAppDispatch } from '../../app/hooks';
import { channelQrDownloadRequested } from './siteStatsSlice';
import { channelQrFileName, PRINT_QR_PX, printQrPng } from './channelQrFile';
import './channelQr.css';

const CUSTOM = '';

/** Black on white whatever the theme: a poster's printer and a phone's camera both need the contrast. */
const INK = { color: '#000000', bgColor: '#ffffff' } as const;

export interface ChannelQrProps {
  slug: string;
  name: string;
  /** The published page's link, without a channel. */
  url: string;
}

/**
 * 渠道二维码's maker: the page's link with `?from=<channel>` and its QR code, to put on a poster or
 * share in an app; a visit by it is counted under that channel in the table above. The custom
 * channel is checked by the rule the counter cleans channels with, so that it is counted under the
 * very name typed. One field needs no antd Form (26 KiB gzip with its validator): the field's
 * label and help are drawn in Form.Item's look here.
 */
export default function ChannelQrMaker({ slug, name, url }: ChannelQrProps) {
  const dispatch = useAppDispatch();
  const [choice, setChoice] = useState<string>(PRESET_CHANNELS[0].channel);
  const [custom, setCustom] = useState('');
  const printed = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const problem = choice === CUSTOM ? channelProblem(custom) : null;
  const channel = choice === CUSTOM ? countedChannel(custom) : choice;
  const link = problem ? '' : channelLink(url, channel);

  const download = () => {
    const drawn = printed.current?.querySelector('canvas');
    if (drawn) dispatch(channelQrDownloadRequested({ image: printQrPng(drawn), fileName: channelQrFileName(name, slug, channel) }));
  };

  return (
    <>
      <Radio.Group
        aria-label="渠道"
        optionType="button"
        value={choice}
        onChange={(event) => setChoice(event.target.value as string)}
        options={[...PRESET_CHANNELS.map(({ channel: value, label }) => ({ value, label })), { value: CUSTOM, label: '自定义' }]}
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8, marginBottom: 16 }}
      />
      {choice === CUSTOM && (
        <div className="wpg-channel-field">
          <label htmlFor={fieldId}>渠道名</label>
          <Input
            id={fieldId}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            placeholder="例如 tieba"
            allowClear
            status={custom && problem ? 'error' : undefined}
            aria-invalid={Boolean(custom && problem)}
            aria-describedby={`${fieldId}-help`}
          />
          <div id={`${fieldId}-help`} className={custom && problem ? 'wpg-channel-field-error' : undefined} role={custom && problem ? 'alert' : undefined}>
            {(custom && problem) || '字母、数字、汉字、-、_ 或 .，例如 tieba；字母按小写统计'}
          </div>
        </div>
      )}
      {link && (
        <Flex gap={24} wrap align="center">
          <QRCode value={link} size={168} errorLevel="M" {...INK} aria-label={`${channel} 渠道二维码`} />
          <Flex vertical gap={12} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography.Paragraph copyable={{ text: link, tooltips: ['复制链接', '已复制'] }} style={{ marginBottom: 0, wordBreak: 'break-all' }} data-testid="channel-link">
              {link}
            </Typography.Paragraph>
            <div>
              <Button type="primary" icon={<DownloadOutlined />} onClick={download}>
                下载二维码
              </Button>
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`PNG，${PRINT_QR_PX}×${PRINT_QR_PX} 像素，白底带留白，适合印刷`}</Typography.Text>
          </Flex>
          {/* The file's code: drawn at print size with the standard's quiet zone of four modules, never shown. */}
          <div ref={printed} hidden>
            <QRCode value={link} size={PRINT_QR_PX} marginSize={4} errorLevel="M" bordered={false} {...INK} />
          </div>
        </Flex>
      )}
    </>
  );
}
