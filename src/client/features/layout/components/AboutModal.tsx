import { Modal, Typography } from 'antd';
import { Messages } from '../../../../contract/messages';

/** 关于我们: what the product is, in a few lines. */
export default function AboutModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="关于我们" onCancel={onClose} onOk={onClose} okText="知道了" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Typography.Paragraph>
        {Messages.siteTitle}帮助游戏工作室和个人快速做出游戏的官方网站：挑选风格、填写文字，即可生成游戏LOGO、整屏动画、单页小站或完整的官网，并打包下载。
      </Typography.Paragraph>
      <Typography.Paragraph>浏览、配置和预览无需注册；生成作品需要登录（手机号密码或扫码登录）。生成任务较多时会排队，页面会显示前面还有多少人。</Typography.Paragraph>
    </Modal>
  );
}
