import { Col, Row } from 'antd';
import { safeLinkHref } from '../../../../contract/links';
import type { BannerArtInfo } from '../../../../contract/generation';
import { checkerboardStyle } from '../../../components/checkerboard';
import BannerArtNote from '../../generation/components/BannerArtNote';

const boxStyle = { borderRadius: 6, minHeight: 140, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' } as const;
const captionStyle = { fontSize: 13, color: 'rgba(0, 0, 0, 0.65)', marginBottom: 6 } as const;
const emptyStyle = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 13, padding: 16, textAlign: 'center' } as const;

/** The mini site's logo and banner once generated, under the buttons that make them. */
export default function GeneratedResults({ logoUrl, bannerUrl, bannerArt }: { logoUrl: string; bannerUrl: string; bannerArt?: BannerArtInfo }) {
  const logo = safeLinkHref(logoUrl);
  const banner = safeLinkHref(bannerUrl);
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} sm={10}>
        <div style={captionStyle}>LOGO</div>
        <div style={{ ...boxStyle, ...checkerboardStyle }}>
          {logo ? (
            <img src={logo} alt="生成的LOGO" style={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain', padding: 8 }} />
          ) : (
            <span style={emptyStyle}>尚未生成，点击“生成LOGO”</span>
          )}
        </div>
      </Col>
      <Col xs={24} sm={14}>
        <div style={captionStyle}>整屏动画</div>
        <div style={{ ...boxStyle, background: banner ? '#000' : '#f5f5f5' }}>
          {banner ? (
            <video src={banner} controls muted loop playsInline autoPlay style={{ display: 'block', width: '100%' }} data-testid="mini-site-banner" />
          ) : (
            <span style={emptyStyle}>尚未生成，点击“生成整屏动画”</span>
          )}
        </div>
        {banner ? <BannerArtNote art={bannerArt} /> : null}
      </Col>
    </Row>
  );
}
