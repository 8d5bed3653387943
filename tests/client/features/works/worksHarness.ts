import type { WorkRecord } from '../../../../src/contract/works';

export const siteWork: WorkRecord = {
  key: 'site:0123456789abcdef0123456789abcdef',
  type: 'miniSite',
  title: '星辰战纪',
  picture: '/sites/0123456789abcdef0123456789abcdef/assets/share.png',
  viewUrl: '/sites/0123456789abcdef0123456789abcdef/index.html',
  create_time: '2026-11-25 10:00:03',
  expire_date: '2026-12-09',
  download: { webSiteDir: '0123456789abcdef0123456789abcdef' },
};

export const logoWork: WorkRecord = {
  key: 'job:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  type: 'logo',
  title: '星辰战纪',
  picture: '/generated/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/logo.png',
  viewUrl: '/generated/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/logo.png',
  create_time: '2026-11-25 10:00:01',
  expire_date: '2026-12-02',
  download: { fileName: '星辰战纪-LOGO', fileList: ['/generated/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/logo.png'] },
};

export const bannerWork: WorkRecord = {
  key: 'job:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  type: 'banner',
  title: '星辰战纪',
  picture: '/generated/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/banner-poster.jpg',
  viewUrl: '/generated/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/banner.mp4',
  create_time: '2026-11-25 10:00:02',
  expire_date: '2026-12-02',
  download: {
    fileName: '星辰战纪-整屏动画',
    fileList: ['/generated/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/logo.png', '/generated/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/banner.mp4'],
  },
};
