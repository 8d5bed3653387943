import { safeLinkHref } from '../../../../contract/links';

/** The scan-to-join QR image of the feedback group and a join link (only an http(s) or relative one). */
export default function FeedbackJoin({ qrImage, link }: { qrImage: string; link: string }) {
  const href = safeLinkHref(link);
  return (
    <div style={{ textAlign: 'center' }}>
      {qrImage ? <img src={qrImage} alt="扫码加入QQ群" style={{ width: 160, height: 160, display: 'block', margin: '0 auto 8px' }} /> : null}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          点击加入QQ群
        </a>
      ) : null}
    </div>
  );
}
