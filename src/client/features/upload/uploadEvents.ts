import { createAction, type ActionReducerMapBuilder, type Draft } from '@reduxjs/toolkit';
import type { UploadState } from './upload.types';

/** The events of one domain's image uploads, named under its prefix (`builder/uploadStarted`…), keyed by field. */
export function uploadEventsOf(domain: string) {
  return {
    uploadStarted: createAction<{ key: string; fileName: string }>(`${domain}/uploadStarted`),
    uploadProgressed: createAction<{ key: string; percent: number }>(`${domain}/uploadProgressed`),
    /** The server has the picture: the field takes `url`. */
    uploadSucceeded: createAction<{ key: string; url: string }>(`${domain}/uploadSucceeded`),
    /** The user has been told why. */
    uploadFailed: createAction<{ key: string }>(`${domain}/uploadFailed`),
    /** Aborted (a newer picture for the field, or the page left): the field shows what it had. */
    uploadStopped: createAction<{ key: string }>(`${domain}/uploadStopped`),
  };
}

export type UploadEvents = ReturnType<typeof uploadEventsOf>;

/** How a domain's uploads map follows its upload events. */
export function addUploadCases<S>(builder: ActionReducerMapBuilder<S>, events: UploadEvents, uploadsOf: (state: Draft<S>) => Record<string, UploadState>): void {
  builder
    .addCase(events.uploadStarted, (state, { payload }) => {
      uploadsOf(state)[payload.key] = { status: 'loading', percent: 0, fileName: payload.fileName };
    })
    .addCase(events.uploadProgressed, (state, { payload }) => {
      const upload = uploadsOf(state)[payload.key];
      if (upload?.status === 'loading') upload.percent = payload.percent;
    })
    .addCase(events.uploadSucceeded, (state, { payload }) => {
      const upload = uploadsOf(state)[payload.key];
      if (upload) Object.assign(upload, { status: 'succeeded', percent: 100 });
    })
    .addCase(events.uploadFailed, (state, { payload }) => {
      const upload = uploadsOf(state)[payload.key];
      if (upload) Object.assign(upload, { status: 'failed', percent: 0 });
    })
    .addCase(events.uploadStopped, (state, { payload }) => {
      const uploads = uploadsOf(state);
      if (uploads[payload.key]?.status === 'loading') delete uploads[payload.key];
    });
}
