import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { lazy, useState } from 'react';
import MountOnce from '../../components/MountOnce';
import type { ChannelQrProps } from './ChannelQrMaker';
import '../../components/note.css';

const ChannelQrMaker = lazy(() => import(/* webpackChunkName: "channel-qr" */ './ChannelQrMaker'));

/**
 * 渠道二维码: what it is for, and the maker once asked for. The maker (QR codes, channel choice,
 * custom field) is a chunk of its own that a visit only reading its figures never loads
 * (DESIGN.md section 10).
 */
export default function ChannelQrCard(props: ChannelQrProps) {
  const [open, setOpen] = useState(false);
  return (
    <Card title="渠道二维码">
      <p className="wpg-note">为每个渠道生成带 ?from= 的链接和二维码，印在海报上或分享到对应平台；扫码打开的访问计入上方渠道表中的同名渠道。</p>
      {!open && (
        <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)}>
          生成渠道二维码
        </Button>
      )}
      <MountOnce wanted={open}>
        <ChannelQrMaker {...props} />
      </MountOnce>
    </Card>
  );
}
