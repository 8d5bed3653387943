import { Form, Input, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { checkCaptchaInput } from '../../../../contract/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ruleOf } from '../../../components/formRules';
import { captchaDismissed, captchaRefreshRequested, captchaSubmitted, selectCaptcha } from '../captchaSlice';
import './auth.css';

interface CaptchaValues {
  code: string;
}

/**
 * The graphic captcha dialog (spec screen 19), as CaptchaDialog mounts it once first needed. A saga
 * opens it when an action needs a passed captcha (an SMS send, a login after 3 failures) and takes
 * `captcha/passed` or `captcha/dismissed`.
 */
export default function CaptchaModal() {
  const dispatch = useAppDispatch();
  const { status, image, captchaId } = useAppSelector(selectCaptcha);
  const [form] = Form.useForm<CaptchaValues>();

  // A new image voids what was typed for the old one.
  useEffect(() => {
    form.resetFields();
  }, [captchaId, form]);

  const refresh = () => dispatch(captchaRefreshRequested());

  return (
    <Modal
      open={status !== 'closed'}
      title="图形验证码"
      okText="确定"
      cancelText="取消"
      confirmLoading={status === 'verifying'}
      okButtonProps={{ disabled: status !== 'ready' && status !== 'verifying' }}
      onOk={() => form.submit()}
      onCancel={() => dispatch(captchaDismissed())}
      // Rendered while closed too (once mounted), so the form instance stays connected.
      forceRender
      centered
      width={420}
    >
      <Form<CaptchaValues> form={form} onFinish={({ code }) => dispatch(captchaSubmitted({ code: code.trim() }))}>
        <div className="captcha-row">
          <Form.Item className="captcha-row__input" name="code" required rules={[ruleOf(checkCaptchaInput)]}>
            <Input placeholder="请输入图形验证码" autoComplete="off" aria-label="图形验证码" />
          </Form.Item>
          <div>
            <button type="button" className="captcha-row__image" onClick={refresh} title="看不清？点击刷新">
              {status === 'loading' && <Spin size="small" />}
              {status === 'fetchFailed' && '获取失败，点击刷新'}
              {(status === 'ready' || status === 'verifying') && image && <img src={image} alt="图形验证码" />}
            </button>
            <button type="button" className="captcha-row__refresh" onClick={refresh}>
              看不清？换一张
            </button>
          </div>
        </div>
      </Form>
    </Modal>
  );
}
