import { Form, type FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { configEdited, configReset, selectFlowConfig, selectFlowDefaults, type TextChanges } from '../selections/selectionsSlice';
import type { ConfigSlot, FlowConfig } from '../selections/selections.types';

export type FormTexts = Required<TextChanges>;

/**
 * Ties a page's antd Form to a flow's stored form: it starts from what is stored, every edit is
 * stored as it is typed, and 重置参数 brings back the sample texts with the game's name as the
 * logo's (and drops the results).
 */
export function useFlowConfigForm(slot: ConfigSlot): {
  form: FormInstance<FormTexts>;
  config: FlowConfig;
  initialValues: FormTexts;
  onValuesChange(changes: TextChanges): void;
  reset(): void;
} {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<FormTexts>();
  const config = useAppSelector((state) => selectFlowConfig(state, slot));
  const defaults = useAppSelector(selectFlowDefaults);
  // Read once: afterwards the Form owns its values and the store follows it.
  const [initialValues] = useState<FormTexts>(() => textsOf(config));

  const onValuesChange = useCallback((changes: TextChanges) => dispatch(configEdited({ slot, changes })), [dispatch, slot]);
  const reset = useCallback(() => {
    dispatch(configReset({ slot }));
    // resetFields clears the messages of the old values; the sample texts then replace the first values.
    form.resetFields();
    form.setFieldsValue(textsOf(defaults));
  }, [dispatch, form, slot, defaults]);

  return { form, config, initialValues, onValuesChange, reset };
}

function textsOf(config: FlowConfig): FormTexts {
  return {
    logotext: config.logotext,
    rightsealtext: config.rightsealtext,
    bottomsealtext: config.bottomsealtext,
    bottomtext: config.bottomtext,
    bannertextup: config.bannertextup,
    bannertextdown: config.bannertextdown,
  };
}
