import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
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
  // Read once: afterwards the Form owns its values, the store follows it, and it follows the store's own changes.
  const [initialValues] = useState<FormTexts>(() => textsOf(config));
  // The texts the fields show, as far as this hook knows: what they started from, what was typed.
  const shown = useRef<FormTexts>(initialValues);
  // The store changes a text the user did not type when the game's identity changes (its name or
  // slogan typed in another form on this page): the fields follow it.
  useEffect(() => {
    const stored = textsOf(config);
    const changed = Object.fromEntries(Object.entries(stored).filter(([key, value]) => shown.current[key as keyof FormTexts] !== value));
    shown.current = stored;
    if (Object.keys(changed).length > 0) form.setFieldsValue(changed);
  }, [form, config]);

  const onValuesChange = useCallback(
    (changes: TextChanges) => {
      shown.current = { ...shown.current, ...changes };
      dispatch(configEdited({ slot, changes }));
    },
    [dispatch, slot],
  );
  const reset = useCallback(() => {
    dispatch(configReset({ slot }));
    // resetFields clears the messages of the old values; the new form's texts then replace the first values.
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
