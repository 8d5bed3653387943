import type { BuilderTab } from '../../../../contract/builder';
import type { FieldReveal } from '../builder.types';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectBuilderSite, selectPicker } from '../builderSelectors';
import { pickerOpened } from '../builderSlice';
import ChosenTemplate from './ChosenTemplate';
import TypeConfigForm from './TypeConfigForm';

interface TabPanelProps {
  tab: BuilderTab;
  validateRequest: number;
  reveal?: FieldReveal | null;
}

const subTitleStyle = { margin: '20px 0 12px', fontSize: 15, fontWeight: 600 } as const;

/**
 * One drawer tab: the chosen template with 切换模版 and its form. The banner tab also holds the
 * logo style (切换LOGO样式) and its text: both are generated together by 生成banner.
 */
export default function TabPanel({ tab, validateRequest, reveal = null }: TabPanelProps) {
  const dispatch = useAppDispatch();
  const site = useAppSelector(selectBuilderSite);
  const applying = useAppSelector(selectPicker).applying;
  if (!site) return null;
  return (
    <div>
      <ChosenTemplate template={site.selectedComponents[tab]} switchLabel="切换模版" disabled={applying} onSwitch={() => dispatch(pickerOpened({ type: tab }))} />
      <TypeConfigForm type={tab} logoReadOnly={tab !== 'banner'} validateRequest={validateRequest} reveal={reveal} />
      {tab === 'banner' ? (
        <>
          <h3 style={subTitleStyle}>LOGO</h3>
          <ChosenTemplate template={site.selectedComponents.logo} switchLabel="切换LOGO样式" disabled={applying} onSwitch={() => dispatch(pickerOpened({ type: 'logo' }))} />
          <TypeConfigForm type="logo" logoReadOnly={false} validateRequest={validateRequest} reveal={reveal} />
        </>
      ) : null}
    </div>
  );
}
