import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Switch, type FormInstance } from 'antd';
import { RESERVE_PLATFORMS, ReserveLimits, ReservePlatformLabels, type ReserveSettings } from '../../../contract/reservations';
import { checkField, settingsOf, type ReserveFormField, type ReserveFormValues } from './settingsForm';

const PLATFORM_OPTIONS = RESERVE_PLATFORMS.map((platform) => ({ value: platform, label: ReservePlatformLabels[platform] }));

/** The field's part of the server's check, run on the whole form (a tier's order depends on the others). */
const checkedBy = (form: FormInstance<ReserveFormValues>, field: ReserveFormField) => ({
  validator() {
    const message = checkField(form.getFieldsValue(true) as Partial<ReserveFormValues>, field);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

interface Props {
  settings: ReserveSettings;
  saving: boolean;
  onSave(settings: ReserveSettings): void;
}

/** 预约设置: what the page's block offers; checked here exactly as the server checks it. */
export default function ReserveSettingsForm({ settings, saving, onSave }: Props) {
  const [form] = Form.useForm<ReserveFormValues>();
  return (
    <Form<ReserveFormValues>
      form={form}
      layout="vertical"
      initialValues={settings}
      onFinish={(values) => onSave(settingsOf(values))}
      // A change anywhere may settle another field's refusal (the tiers' order, the notice once 预约 is off): check those again.
      onValuesChange={() => {
        const shown = form.getFieldsError(['platforms', 'tiers', 'privacyNotice']).filter((field) => field.errors.length);
        if (shown.length) void form.validateFields(shown.map((field) => field.name)).catch(() => undefined);
      }}
      aria-label="预约设置"
    >
      <Form.Item name="enabled" label="开启预约" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="platforms" label="平台" rules={[checkedBy(form, 'platforms')]}>
        <Checkbox.Group options={PLATFORM_OPTIONS} />
      </Form.Item>
      <Form.List name="tiers" rules={[checkedBy(form, 'tiers')]}>
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={`里程碑（最多${ReserveLimits.tiersMax}档，人数从小到大）`}>
            <Flex vertical gap={8}>
              {/* Sized so that on a phone (a form about 310 px wide) count, reward and 删除 stay on one line. */}
              {fields.map(({ key, name }) => (
                <Flex key={key} gap={8} align="start" wrap>
                  <Form.Item name={[name, 'count']} noStyle>
                    <InputNumber aria-label={`第${name + 1}档人数`} placeholder="人数" min={1} max={ReserveLimits.tierCountMax} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[name, 'reward']} noStyle>
                    <Input aria-label={`第${name + 1}档奖励`} placeholder="奖励，如：限定头像框 + 500钻石" maxLength={ReserveLimits.rewardMax} style={{ flex: '1 1 120px', minWidth: 0 }} />
                  </Form.Item>
                  <Button aria-label={`删除第${name + 1}档`} icon={<DeleteOutlined />} onClick={() => remove(name)} />
                </Flex>
              ))}
              {fields.length < ReserveLimits.tiersMax ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ count: null, reward: '' })} style={{ alignSelf: 'flex-start' }}>
                  添加里程碑
                </Button>
              ) : null}
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item
        name="privacyNotice"
        label="隐私说明"
        dependencies={['enabled']}
        rules={[checkedBy(form, 'privacyNotice')]}
        extra="显示在同意勾选框旁：谁收集手机号、用于什么、保存多久。开启预约时必填。"
      >
        {/* The count hangs under the box: room for it, so a long help or error line never runs beneath it (a narrow drawer wraps them). */}
        <Input.TextArea
          rows={4}
          maxLength={ReserveLimits.privacyNoticeMax}
          showCount
          styles={{ root: { marginBottom: 22 } }}
          placeholder="例如：本活动由××工作室收集您的手机号，仅用于发放预约礼包和上线通知，活动结束后30天内删除。"
        />
      </Form.Item>
      <Form.Item name="zipForm" label="下载包中包含预约表单" valuePropName="checked" extra="关闭时，下载的网站压缩包不带预约表单。">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存设置
      </Button>
    </Form>
  );
}
