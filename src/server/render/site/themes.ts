/**
 * The palettes of the site templates, one per template: each named after the world it dresses
 * (imperial gold, ink wash, neon city...). Colours are chosen for contrast of text on bg/surface
 * (at least 4.5:1 for body text) and of onAccent on accent.
 */
import type { Theme } from './design';

const theme = (value: Theme): Theme => value;

export const THEMES = {
  imperialGold: theme({
    key: 'imperial-gold', dark: true, bg: '#14090a', bg2: '#1f0f0d', surface: '#2a1512', text: '#f6e9d2', muted: '#c9b08a',
    accent: '#e2b55a', accent2: '#b3261e', onAccent: '#2a1204', line: 'rgba(226,181,90,.35)', radius: 4, display: 'serif', motif: 'clouds',
  }),
  bloodMoon: theme({
    key: 'blood-moon', dark: true, bg: '#0b0708', bg2: '#150c0e', surface: '#1d1114', text: '#f1e4e4', muted: '#b9a0a3',
    accent: '#d8323f', accent2: '#7d1d6f', onAccent: '#ffffff', line: 'rgba(216,50,63,.4)', radius: 2, display: 'blocky', motif: 'hex',
  }),
  frost: theme({
    key: 'frost', dark: false, bg: '#eef5fb', bg2: '#dde9f4', surface: '#ffffff', text: '#122338', muted: '#4f6478',
    accent: '#1f6fd1', accent2: '#5ec8f0', onAccent: '#ffffff', line: 'rgba(31,111,209,.22)', radius: 6, display: 'sans', motif: 'hex',
  }),
  abyss: theme({
    key: 'abyss', dark: true, bg: '#04121c', bg2: '#062031', surface: '#0a2a3e', text: '#e3f4fb', muted: '#8fb6c7',
    accent: '#2fd3c6', accent2: '#1a6fb5', onAccent: '#032027', line: 'rgba(47,211,198,.3)', radius: 12, display: 'elegant', motif: 'dots',
  }),
  inkWash: theme({
    key: 'ink-wash', dark: false, bg: '#f3efe4', bg2: '#e9e2d0', surface: '#fbf8f0', text: '#1d1b18', muted: '#5d574c',
    accent: '#b4271c', accent2: '#2b2a27', onAccent: '#fdf6ea', line: 'rgba(29,27,24,.18)', radius: 0, display: 'brush', motif: 'paper',
  }),
  celestial: theme({
    key: 'celestial', dark: false, bg: '#eef4f6', bg2: '#dceaed', surface: '#fbfdfd', text: '#16313a', muted: '#4c6b74',
    accent: '#2f8f83', accent2: '#c59a3d', onAccent: '#ffffff', line: 'rgba(47,143,131,.25)', radius: 2, display: 'elegant', motif: 'clouds',
  }),
  jadeNight: theme({
    key: 'jade-night', dark: true, bg: '#07130f', bg2: '#0c1d17', surface: '#11271f', text: '#e8f2ea', muted: '#9fbcaa',
    accent: '#d7b56d', accent2: '#3fae84', onAccent: '#1a1406', line: 'rgba(215,181,109,.3)', radius: 2, display: 'wildBrush', motif: 'clouds',
  }),
  vermilion: theme({
    key: 'vermilion', dark: true, bg: '#1a0707', bg2: '#260b0a', surface: '#33110e', text: '#fbeee0', muted: '#d4ae98',
    accent: '#f0c14b', accent2: '#d8432f', onAccent: '#2b1300', line: 'rgba(240,193,75,.3)', radius: 0, display: 'wildBrush', motif: 'paper',
  }),
  bronzeWar: theme({
    key: 'bronze-war', dark: true, bg: '#16110b', bg2: '#211910', surface: '#2c2116', text: '#f2e6d0', muted: '#bda887',
    accent: '#c8873a', accent2: '#9c2b1f', onAccent: '#1c1006', line: 'rgba(200,135,58,.35)', radius: 2, display: 'serif', motif: 'grid',
  }),
  ironFront: theme({
    key: 'iron-front', dark: true, bg: '#111410', bg2: '#181c16', surface: '#20261e', text: '#e7ecdf', muted: '#a3ad96',
    accent: '#b8d430', accent2: '#6e7b3a', onAccent: '#151a04', line: 'rgba(184,212,48,.3)', radius: 0, display: 'sans', motif: 'stripes',
  }),
  royalPurple: theme({
    key: 'royal-purple', dark: true, bg: '#120b1d', bg2: '#1b1129', surface: '#251836', text: '#f1e9fa', muted: '#b6a4cc',
    accent: '#e9c46a', accent2: '#7b3fc4', onAccent: '#1f1403', line: 'rgba(233,196,106,.3)', radius: 4, display: 'serif', motif: 'grid',
  }),
  stormSteel: theme({
    key: 'storm-steel', dark: true, bg: '#0c1118', bg2: '#121a24', surface: '#1a2430', text: '#e6edf5', muted: '#9aabbe',
    accent: '#f2a93b', accent2: '#4f7db3', onAccent: '#1d1203', line: 'rgba(242,169,59,.3)', radius: 2, display: 'blocky', motif: 'grid',
  }),
  candy: theme({
    key: 'candy', dark: false, bg: '#fff4f8', bg2: '#ffe3ee', surface: '#ffffff', text: '#3d1f3a', muted: '#7a5573',
    accent: '#ff4f8b', accent2: '#ffc93c', onAccent: '#ffffff', line: 'rgba(255,79,139,.25)', radius: 22, display: 'round', motif: 'dots',
  }),
  pixel: theme({
    key: 'pixel', dark: true, bg: '#1b1640', bg2: '#231c52', surface: '#2d2566', text: '#fff8e6', muted: '#c3bbe8',
    accent: '#ffd23f', accent2: '#3bceac', onAccent: '#1b1640', line: 'rgba(255,210,63,.4)', radius: 0, display: 'blocky', motif: 'grid',
  }),
  mint: theme({
    key: 'mint', dark: false, bg: '#effbf6', bg2: '#d9f5ea', surface: '#ffffff', text: '#16372d', muted: '#4b6e63',
    accent: '#ff8a3d', accent2: '#2bb58a', onAccent: '#ffffff', line: 'rgba(43,181,138,.28)', radius: 20, display: 'round', motif: 'dots',
  }),
  arcane: theme({
    key: 'arcane', dark: true, bg: '#0d0b1f', bg2: '#15122d', surface: '#1e1a3d', text: '#ece8ff', muted: '#a9a2d4',
    accent: '#f4c25b', accent2: '#8e5cff', onAccent: '#1d1403', line: 'rgba(142,92,255,.35)', radius: 8, display: 'elegant', motif: 'stars',
  }),
  neon: theme({
    key: 'neon', dark: true, bg: '#07060d', bg2: '#0e0c1a', surface: '#141226', text: '#e9f6ff', muted: '#8fa2c0',
    accent: '#16e0f5', accent2: '#ff2e88', onAccent: '#02141a', line: 'rgba(22,224,245,.35)', radius: 0, display: 'blocky', motif: 'scan',
  }),
  deepSpace: theme({
    key: 'deep-space', dark: true, bg: '#050914', bg2: '#0a1224', surface: '#101b33', text: '#e6eefc', muted: '#93a5c6',
    accent: '#ff8c2b', accent2: '#3f7cff', onAccent: '#1c0c00', line: 'rgba(255,140,43,.35)', radius: 0, display: 'sans', motif: 'stars',
  }),
  mecha: theme({
    key: 'mecha', dark: true, bg: '#0f1115', bg2: '#161a20', surface: '#1e232b', text: '#eef1f5', muted: '#a0a9b6',
    accent: '#ff6a1a', accent2: '#5a6b82', onAccent: '#ffffff', line: 'rgba(255,106,26,.35)', radius: 0, display: 'blocky', motif: 'hex',
  }),
  wasteland: theme({
    key: 'wasteland', dark: true, bg: '#15100b', bg2: '#1f1710', surface: '#2a1f15', text: '#f3e7d3', muted: '#bfa888',
    accent: '#e8a33a', accent2: '#a3472a', onAccent: '#1f1203', line: 'rgba(232,163,58,.35)', radius: 0, display: 'wildBrush', motif: 'stripes',
  }),
  sakura: theme({
    key: 'sakura', dark: false, bg: '#fff7f9', bg2: '#fde8ee', surface: '#ffffff', text: '#3a2430', muted: '#7d5f6c',
    accent: '#e8537a', accent2: '#8a6bd1', onAccent: '#ffffff', line: 'rgba(232,83,122,.22)', radius: 14, display: 'elegant', motif: 'petals',
  }),
  starlight: theme({
    key: 'starlight', dark: true, bg: '#0f0e24', bg2: '#171536', surface: '#201d47', text: '#f0edff', muted: '#aea8d8',
    accent: '#ffb7d9', accent2: '#7fd6ff', onAccent: '#2a1030', line: 'rgba(255,183,217,.3)', radius: 16, display: 'elegant', motif: 'stars',
  }),
  summer: theme({
    key: 'summer', dark: false, bg: '#f2f9ff', bg2: '#dff0ff', surface: '#ffffff', text: '#0f2a44', muted: '#4c6782',
    accent: '#1e88ff', accent2: '#ffcf3f', onAccent: '#ffffff', line: 'rgba(30,136,255,.22)', radius: 12, display: 'round', motif: 'dots',
  }),
  snowGirl: theme({
    key: 'snow-girl', dark: false, bg: '#f5f8fc', bg2: '#e6eef8', surface: '#ffffff', text: '#1c2a3d', muted: '#56677d',
    accent: '#4a7bd9', accent2: '#9fc6ee', onAccent: '#ffffff', line: 'rgba(74,123,217,.22)', radius: 10, display: 'serif', motif: 'petals',
  }),
} as const satisfies Record<string, Theme>;
