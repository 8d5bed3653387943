import { Form, Input } from 'antd';
import { checkBannerText, checkBottomText, checkLogoText, checkSealText, GenerationLimits } from '../../../../contract/generation';
import { ruleOf } from '../../../components/formRules';

/** The inputs accept up to 100 characters; the rules say what passes (spec section 5). */
const inputProps = { maxLength: GenerationLimits.inputMaxLength, allowClear: true } as const;

/** The logo form's fields, and the banner's two lines when `withBanner` (spec sections 3 and 5). */
export default function GenerationTextFields({ withBanner }: { withBanner: boolean }) {
  return (
    <>
      <Form.Item name="logotext" label="LOGO名称" required rules={[ruleOf(checkLogoText)]} extra="1-6个字，如游戏名">
        <Input {...inputProps} placeholder="请输入logo名称" />
      </Form.Item>
      <Form.Item name="rightsealtext" label="右侧印章文字" rules={[ruleOf(checkSealText)]}>
        <Input {...inputProps} placeholder="选填，最多4个字" />
      </Form.Item>
      <Form.Item name="bottomsealtext" label="底部印章文字" rules={[ruleOf(checkSealText)]}>
        <Input {...inputProps} placeholder="选填，最多4个字" />
      </Form.Item>
      <Form.Item name="bottomtext" label="底部标语" rules={[ruleOf(checkBottomText)]}>
        <Input {...inputProps} placeholder="选填，最多40个字" />
      </Form.Item>
      {withBanner ? (
        <>
          <Form.Item name="bannertextup" label="动画上方文字" rules={[ruleOf(checkBannerText)]}>
            <Input {...inputProps} placeholder="选填，15-30个字" />
          </Form.Item>
          <Form.Item name="bannertextdown" label="动画下方文字" rules={[ruleOf(checkBannerText)]}>
            <Input {...inputProps} placeholder="选填，15-30个字" />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
