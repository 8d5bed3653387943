/**
 * Stands in for axios's fetch adapter in the bundle (webpack.config.ts swaps it in where axios lists
 * its adapters, and only there). axios takes the first available of ['xhr', 'http', 'fetch'], every
 * browser has XMLHttpRequest, and http.ts never asks for 'fetch': the fetch adapter and its stream
 * helpers (about 4 KiB gzip of every first load) would never run. Tests use the real axios.
 */
export const getFetch = (): false => false;

export default false;
