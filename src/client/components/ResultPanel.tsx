import { Result, type ResultProps } from 'antd';

/** antd's Result, in a module of its own so that LazyResult can load it (and its pictures) when shown. */
export default function ResultPanel(props: ResultProps) {
  return <Result {...props} />;
}
