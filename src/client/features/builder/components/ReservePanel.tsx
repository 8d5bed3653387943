import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ReserveSiteRef } from '../../../../contract/reservations';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import ReserveSettingsForm from '../../siteReserve/ReserveSettingsForm';
import { siteReservePath } from '../../siteReserve/paths';
import { reserveSummaryOpened, selectReserveFailure, selectReserveOwner, selectReserveSaving, selectReserveSite, selectReserveStatus, settingsSaveRequested } from '../../siteReserve/siteReserveSlice';

interface ReservePanelProps {
  /** The builder site's id: 0 while it has never been saved. */
  builderId: number;
}

/** Where the block goes and when players see it: the studio decides knowing both. */
export const RESERVE_PLACEMENT = '预约模块显示在网站首屏之后、第一个内容区之前，保存设置后预览中即可看到（预览中不能提交预约）。已发布的网站保存设置后立即生效；还未发布的网站在「发布」时带上预约模块。';

/**
 * The drawer's 预约 tab: whether the site takes 预约s, its count, and the back office's own settings
 * form and saving (one flow, features/siteReserve); the list and the gift codes stay on that page.
 */
export default function ReservePanel({ builderId }: ReservePanelProps) {
  const dispatch = useAppDispatch();
  const site = useMemo<ReserveSiteRef>(() => ({ builderId }), [builderId]);
  const shownSite = useAppSelector(selectReserveSite);
  const status = useAppSelector(selectReserveStatus);
  const owner = useAppSelector(selectReserveOwner);
  const failure = useAppSelector(selectReserveFailure);
  const saving = useAppSelector(selectReserveSaving);

  useEffect(() => {
    if (builderId > 0) dispatch(reserveSummaryOpened(site));
  }, [dispatch, site, builderId]);

  if (builderId <= 0) {
    return <Alert type="info" showIcon title="网站保存后才能开启预约" description="这个网站还没有保存。修改任意内容并等到“已自动保存”后，即可在这里开启预约。" />;
  }
  // The slice may still hold another site's 预约 for a moment: never shown under this one.
  const mine = shownSite?.builderId === builderId ? owner : null;
  if (!mine) {
    return status === 'failed' ? (
      <Alert
        type="error"
        showIcon
        title={failure}
        action={
          <Button size="small" onClick={() => dispatch(reserveSummaryOpened(site))}>
            重试
          </Button>
        }
      />
    ) : (
      <Skeleton active />
    );
  }
  const { settings, count, codes } = mine;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]} align="middle">
        <Col span={8}>
          <Statistic title="状态" value={settings.enabled ? '已开启' : '未开启'} styles={{ content: { fontSize: 18, color: settings.enabled ? '#389e0d' : undefined } }} />
        </Col>
        <Col span={7}>
          <Statistic title="预约人数" value={count} styles={{ content: { fontSize: 18 } }} />
        </Col>
        <Col span={7}>
          <Statistic title="礼包码剩余" value={codes.left} styles={{ content: { fontSize: 18 } }} />
        </Col>
        <Col span={2}>
          <Button type="text" icon={<ReloadOutlined />} aria-label="刷新预约" loading={status === 'loading'} onClick={() => dispatch(reserveSummaryOpened(site))} />
        </Col>
      </Row>
      <Alert type="info" showIcon title={RESERVE_PLACEMENT} />
      <Link to={siteReservePath(site)}>
        查看预约名单与礼包码 <RightOutlined />
      </Link>
      <Typography.Title level={5} style={{ margin: 0 }}>
        预约设置
      </Typography.Title>
      {/* Saved settings come back in the server's order: the form starts again from them. */}
      <ReserveSettingsForm key={JSON.stringify(settings)} settings={settings} saving={saving} onSave={(next) => dispatch(settingsSaveRequested(next))} />
    </Flex>
  );
}
