import { Button, Card, Descriptions, Flex, Form, Input, Progress, Space, Typography } from 'antd';
import { useEffect } from 'react';
import type { UserInfo } from '../../../../contract/auth';
import { Limits } from '../../../../contract/limits';
import { Messages } from '../../../../contract/messages';
import { StorageQuotaMessages, type StorageUsage } from '../../../../contract/storageQuota';
import { checkUserName } from '../../../../contract/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ruleOf } from '../../../components/formRules';
import { selectUserInfo } from '../../auth/authSlice';
import { bindPhoneOpened, selectBindPhoneOpen } from '../../bindPhone/bindPhoneSlice';
import { AccountFields, type AccountFieldValues } from '../../auth/components/AccountFields';
import { CaptchaDialog } from '../../auth/components/CaptchaDialog';
import { passwordChangeRequested, selectNameStatus, selectPasswordStatus, selectStorageUsage, storageUsageRequested, userNameChangeRequested } from '../personalSlice';

function UserNameForm({ userInfo }: { userInfo: UserInfo | null }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectNameStatus);
  return (
    <Form<{ name: string }>
      name="userName"
      layout="vertical"
      initialValues={{ name: userInfo?.name ?? '' }}
      onFinish={({ name }) => dispatch(userNameChangeRequested({ name }))}
    >
      <Form.Item label="用户名" name="name" required rules={[ruleOf(checkUserName)]}>
        {/* Counted in characters, as checkUserName counts; typing past the limit shows its message. */}
        <Input placeholder="请输入用户名" count={{ show: true, max: Limits.userNameMax, strategy: (text) => [...text].length }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={status === 'loading'} disabled={!userInfo}>
        保存
      </Button>
    </Form>
  );
}

function PasswordForm({ userInfo }: { userInfo: UserInfo | null }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectPasswordStatus);
  const hasPhone = Boolean(userInfo?.mobile);
  return (
    <Form<AccountFieldValues>
      name="changePassword"
      layout="vertical"
      initialValues={{ mobile: userInfo?.mobile ?? '' }}
      onFinish={({ mobile, password, verifyCode }) => dispatch(passwordChangeRequested({ mobile, password, verifyCode }))}
    >
      <AccountFields smsForm="personal" purpose="resetPassword" phoneReadOnly={hasPhone} passwordLabel="新密码" />
      <Button type="primary" htmlType="submit" loading={status === 'loading'} disabled={!userInfo}>
        修改密码
      </Button>
    </Form>
  );
}

/** 存储空间 120 MB / 500 MB, over a bar that turns red near the quota (none without one). */
function StorageBar({ usage }: { usage: StorageUsage }) {
  const percent = usage.quotaBytes ? Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100) : 0;
  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      <Typography.Text>{StorageQuotaMessages.label(usage)}</Typography.Text>
      {usage.quotaBytes > 0 && <Progress percent={Math.round(percent)} status={percent >= 90 ? 'exception' : 'normal'} showInfo={false} size="small" aria-label="存储空间用量" />}
    </Flex>
  );
}

/** Spec screen 6, inside the back office: the account's phone and name, name editing, password change. */
export default function PersonalPage() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector(selectUserInfo);
  const bindOpen = useAppSelector(selectBindPhoneOpen);
  const storage = useAppSelector(selectStorageUsage);
  useEffect(() => {
    dispatch(storageUsageRequested());
  }, [dispatch]);
  const phoneless = userInfo !== null && !userInfo.mobile;
  // Remount the forms when the user arrives (a reload fetches it after the first render).
  const formKey = userInfo ? String(userInfo.id) : 'loading';
  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Card title="个人中心">
        <Descriptions
          column={1}
          items={[
            {
              key: 'mobile',
              label: '手机号',
              children: phoneless ? (
                <Space wrap>
                  {Messages.phoneNotBound}
                  <Button type="link" size="small" onClick={() => dispatch(bindPhoneOpened({ reason: 'personal' }))}>
                    绑定手机号
                  </Button>
                </Space>
              ) : (
                userInfo?.mobile || '—'
              ),
            },
            { key: 'name', label: '用户名', children: userInfo?.name || '—' },
            ...(storage ? [{ key: 'storage', label: '存储空间', children: <StorageBar usage={storage} /> }] : []),
          ]}
        />
      </Card>
      <Card title="修改用户名">
        <UserNameForm key={formKey} userInfo={userInfo} />
      </Card>
      {/* A WeChat account binds its phone first (the dialog, which also settles a phone that has an
          account of its own); the password then goes with the phone. */}
      <Card title="修改密码">
        {phoneless ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            当前为微信账号，绑定手机号后即可设置登录密码。
          </Typography.Paragraph>
        ) : (
          <PasswordForm key={formKey} userInfo={userInfo} />
        )}
      </Card>
      {/* The bind dialog brings its own captcha dialog: one at a time. */}
      {!bindOpen && <CaptchaDialog />}
    </Flex>
  );
}
