import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, InputNumber, Row, Statistic } from 'antd';
import { useState } from 'react';
import { ReserveLimits, ReserveMessages, type GiftCodeCounts } from '../../../contract/reservations';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import FilePickButton from '../../components/FilePickButton';
import '../../components/note.css';
import { codesGenerateRequested, codesUploadRequested, selectAddingCodes, selectLastCodesAdd } from './siteReserveSlice';

const cell = { xs: 8 } as const;

/** 礼包码: how many there are, given and left; more from a file or generated. */
export default function GiftCodesCard({ codes, saved }: { codes: GiftCodeCounts; saved: boolean }) {
  const dispatch = useAppDispatch();
  const adding = useAppSelector(selectAddingCodes);
  const lastAdd = useAppSelector(selectLastCodesAdd);
  const [count, setCount] = useState<number | null>(100);
  const [fileError, setFileError] = useState('');

  // The file is read here, in the browser; the server gets its text and checks every code.
  const readFile = (file: File) => {
    setFileError('');
    void file.text().then(
      (text) => {
        if (text.length > ReserveLimits.giftCodeTextMax) setFileError(ReserveMessages.codesTextTooLong);
        else dispatch(codesUploadRequested({ text }));
      },
      () => setFileError('文件读取失败，请重新选择'),
    );
  };

  return (
    <Card title="礼包码">
      <Row gutter={[16, 16]}>
        <Col {...cell}>
          <Statistic title="总数" value={codes.total} />
        </Col>
        <Col {...cell}>
          <Statistic title="已发放" value={codes.given} />
        </Col>
        <Col {...cell}>
          <Statistic title="剩余" value={codes.left} />
        </Col>
      </Row>
      {codes.left === 0 ? (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          message={codes.total ? '礼包码已发放完毕' : '还没有礼包码'}
          description={`新预约的玩家将看到：“${ReserveMessages.codesLater}”。请上传或生成礼包码。`}
        />
      ) : null}
      {saved ? (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          <Flex gap={8} wrap align="center">
            <FilePickButton accept=".csv,.txt,text/csv,text/plain" onPick={readFile} icon={<UploadOutlined />} loading={adding === 'upload'} disabled={adding !== null}>
              上传礼包码文件
            </FilePickButton>
            <span className="wpg-note">.csv（取第一列）或 .txt（每行一个），每次最多{ReserveLimits.giftCodesPerAdd}个</span>
          </Flex>
          {fileError ? (
            <span className="wpg-note-danger" role="alert">
              {fileError}
            </span>
          ) : null}
          <Flex gap={8} wrap align="center">
            <InputNumber aria-label="生成数量" min={1} max={ReserveLimits.giftCodesPerAdd} precision={0} value={count} onChange={setCount} suffix="个" style={{ width: 140 }} />
            <Button loading={adding === 'generate'} disabled={adding === 'upload' || !count} onClick={() => count && dispatch(codesGenerateRequested({ count }))}>
              生成礼包码
            </Button>
          </Flex>
          {lastAdd ? <span>{`上次添加：新增${lastAdd.added}个，重复${lastAdd.duplicates}个（已跳过）`}</span> : null}
        </Flex>
      ) : (
        <p className="wpg-note" style={{ marginTop: 16, marginBottom: 0 }}>
          {ReserveMessages.settingsFirst}，再添加礼包码。
        </p>
      )}
    </Card>
  );
}
