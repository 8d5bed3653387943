export { default as Page } from './SiteReservePage';
export { feature } from './feature';
