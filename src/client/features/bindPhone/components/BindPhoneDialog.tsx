import { Alert, Button, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { AccountSummary, KeptAccount } from '../../../../contract/auth';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CaptchaDialog } from '../../auth/components/CaptchaDialog';
import { PhoneCodeFields } from '../../auth/components/PhoneCodeFields';
import { bindPhoneCancelled, bindPhoneSubmitted, mergeChoiceLeft, mergeSubmitted, selectBindPhone, type MergeChoice } from '../bindPhoneSlice';
import './bindPhone.css';

interface PhoneValues {
  mobile: string;
  verifyCode: string;
}

const maskPhone = (phone: string): string => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);
const day = (ms: number): string => new Date(ms).toLocaleDateString('zh-CN');

/** How one logs in to the account today, as the user knows it. */
function loginsOf(account: AccountSummary): string {
  const ways = [account.wechat && '微信扫码', account.phone && (account.password ? '手机号+密码' : '手机号')].filter(Boolean);
  return ways.join('、') || '—';
}

function AccountCard({ title, account }: { title: string; account: AccountSummary }) {
  return (
    <div className="bind-phone__account">
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary" className="bind-phone__account-line">
        {account.name} · 登录方式：{loginsOf(account)} · 注册于 {day(account.createdAt)}
      </Typography.Text>
      <Typography.Text className="bind-phone__account-line">
        网站 {account.builderSites} 个 · 小站 {account.miniSites} 个 · 已发布 {account.publishedSites} 个 · 作品 {account.works} 个
      </Typography.Text>
    </div>
  );
}

/** The phone has an account of its own: which one lives on, and what becomes of the other. */
function MergeStep({ choice, busy }: { choice: MergeChoice; busy: boolean }) {
  const dispatch = useAppDispatch();
  const [keep, setKeep] = useState<KeptAccount | null>(null);
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={`手机号 ${maskPhone(choice.mobile)} 已有账号`}
        description="一个手机号只能属于一个账号。请选择保留哪个账号：另一个账号的网站、小站、作品和已发布的网站将全部转入保留的账号（已发布的链接不变），随后另一个账号注销。合并后用微信扫码或这个手机号都能登录保留的账号。"
      />
      <Radio.Group className="bind-phone__choices" value={keep} onChange={(event) => setKeep(event.target.value as KeptAccount)}>
        <Radio value="current">
          <AccountCard title="保留当前微信账号" account={choice.current} />
        </Radio>
        <Radio value="phone">
          <AccountCard title={`保留手机号 ${maskPhone(choice.mobile)} 的账号`} account={choice.phone} />
        </Radio>
      </Radio.Group>
      <Flex justify="end" gap={8}>
        <Button onClick={() => dispatch(mergeChoiceLeft())} disabled={busy}>
          返回
        </Button>
        <Button type="primary" disabled={keep === null} loading={busy} onClick={() => keep && dispatch(mergeSubmitted({ keep }))}>
          确认合并
        </Button>
      </Flex>
    </Flex>
  );
}

/** The phone and its SMS code (purpose 'bind', behind the graphic captcha). */
function PhoneStep({ busy, publishing }: { busy: boolean; publishing: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Form<PhoneValues> name="bindPhone" layout="vertical" onFinish={({ mobile, verifyCode }) => dispatch(bindPhoneSubmitted({ mobile, verifyCode: verifyCode.trim() }))}>
      {publishing ? (
        <Alert className="bind-phone__reason" type="info" showIcon title="根据国家规定，发布网站前需要绑定手机号" description="绑定后将继续发布你的网站。" />
      ) : (
        <Typography.Paragraph type="secondary">绑定后可以用手机号登录，并可以发布网站。</Typography.Paragraph>
      )}
      <PhoneCodeFields smsForm="bind" purpose="bind" />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {publishing ? '绑定并发布' : '绑定'}
      </Button>
    </Form>
  );
}

/**
 * 绑定手机号 for a WeChat account: from 个人中心, or opened by 发布 (which publishes once the phone
 * is bound). Rendered once by the root shell; its own captcha dialog while open, as the login
 * dialog has.
 */
export default function BindPhoneDialog() {
  const dispatch = useAppDispatch();
  const { open, reason, status, choice } = useAppSelector(selectBindPhone);
  return (
    <Modal
      open={open}
      title={choice ? '选择保留的账号' : '绑定手机号'}
      footer={null}
      onCancel={() => dispatch(bindPhoneCancelled())}
      mask={{ closable: false }}
      destroyOnHidden
      centered
      width={choice ? 520 : 420}
    >
      {/* Hidden, not unmounted, during the choice: 返回 finds the phone, the code and the countdown as they were. */}
      <div hidden={choice !== null}>
        <PhoneStep busy={status === 'binding'} publishing={reason === 'publish'} />
      </div>
      {choice && <MergeStep choice={choice} busy={status === 'merging'} />}
      {open && <CaptchaDialog />}
    </Modal>
  );
}
