import { Button, Card, Input, Popconfirm, Space, Tag, type TableProps } from 'antd';
import ConsoleTable from '../ConsoleTable';
import { useEffect, useState } from 'react';
import { OperatorLimits, type ConsoleUser } from '../../../../contract/operators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUserInfo } from '../../auth/authSlice';
import { formatConsoleTime } from '../consoleTime';
import ReasonDialog from '../ReasonDialog';
import { DISABLE_TEXTS } from './disableTexts';
import UserDrawer from './UserDrawer';
import {
  accountChangeRequested,
  selectAccountChange,
  selectChangesDone,
  selectUserDetail,
  selectUsers,
  selectUsersQuery,
  selectUsersStatus,
  selectUsersTotal,
  userClosed,
  userOpened,
  usersPageChanged,
  usersPageOpened,
  usersSearched,
} from './usersSlice';

/** 用户: find an account by phone, name or id; open it; stop it or let it back in; make it an operator. */
export default function UsersPage() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUserInfo);
  const query = useAppSelector(selectUsersQuery);
  const status = useAppSelector(selectUsersStatus);
  const users = useAppSelector(selectUsers);
  const total = useAppSelector(selectUsersTotal);
  const detail = useAppSelector(selectUserDetail);
  const changing = useAppSelector(selectAccountChange);
  const changesDone = useAppSelector(selectChangesDone);
  const [stopping, setStopping] = useState<ConsoleUser | null>(null);

  useEffect(() => {
    dispatch(usersPageOpened());
  }, [dispatch]);
  // The stop dialog closes once its change went through, and stays open (with the reason) if it did not.
  useEffect(() => {
    setStopping(null);
  }, [changesDone]);

  const busy = (id: number) => changing?.id === id;
  const columns: TableProps<ConsoleUser>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: '名称', dataIndex: 'name', render: (name: string, user) => <a onClick={() => dispatch(userOpened({ id: user.id }))}>{name}</a> },
    { title: '手机号', dataIndex: 'mobile', render: (mobile: string, user) => mobile || (user.wechat ? '微信账号' : '—') },
    {
      title: '状态',
      key: 'status',
      render: (_, user) => (
        <Space size={4} wrap>
          {user.disabledReason ? <Tag color="red" title={user.disabledReason}>已停用</Tag> : <Tag color="green">正常</Tag>}
          {user.role === 'operator' ? <Tag color="blue">运营</Tag> : null}
        </Space>
      ),
    },
    { title: '作品', dataIndex: 'works', width: 70 },
    { title: '网站', dataIndex: 'sites', width: 70 },
    { title: '已发布', dataIndex: 'published', width: 80 },
    { title: '注册时间', dataIndex: 'createdAt', render: (at: number) => formatConsoleTime(at) },
    {
      title: '操作',
      key: 'actions',
      render: (_, user) =>
        user.id === me?.id ? (
          <Tag>本人</Tag>
        ) : (
          <Space size={4} wrap>
            {user.disabledReason ? (
              <Button size="small" loading={busy(user.id)} onClick={() => dispatch(accountChangeRequested({ id: user.id, kind: 'enable' }))}>
                启用
              </Button>
            ) : (
              <Button size="small" danger onClick={() => setStopping(user)}>
                停用
              </Button>
            )}
            <Popconfirm
              title={user.role === 'operator' ? '取消该账号的运营权限？' : '设为运营人员？可使用运营后台的全部功能。'}
              okText="确定"
              cancelText="取消"
              onConfirm={() => dispatch(accountChangeRequested({ id: user.id, kind: 'role', role: user.role === 'operator' ? 'user' : 'operator' }))}
            >
              <Button size="small" loading={busy(user.id) && changing?.kind === 'role'}>
                {user.role === 'operator' ? '取消运营' : '设为运营'}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card title="用户">
      <Input.Search
        aria-label="搜索用户"
        placeholder="手机号、名称或ID"
        allowClear
        enterButton="搜索"
        maxLength={OperatorLimits.searchMaxLength}
        defaultValue={query.q}
        onSearch={(q) => dispatch(usersSearched({ q }))}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      <ConsoleTable<ConsoleUser>
        rowKey="id"
        columns={columns}
        rows={users}
        loading={status === 'loading'}
        empty={query.q ? '没有找到匹配的用户' : '还没有用户'}
        page={query.page}
        pageSize={OperatorLimits.pageSize}
        total={total}
        onPage={(page) => dispatch(usersPageChanged({ page }))}
      />
      <UserDrawer detail={detail} onClose={() => dispatch(userClosed())} />
      <ReasonDialog
        texts={DISABLE_TEXTS}
        subject={stopping ? `${stopping.name}（ID ${stopping.id}）` : null}
        busy={stopping !== null && busy(stopping.id)}
        onCancel={() => setStopping(null)}
        onSubmit={(reason) => stopping && dispatch(accountChangeRequested({ id: stopping.id, kind: 'disable', reason }))}
      />
    </Card>
  );
}
