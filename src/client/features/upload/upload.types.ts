import type { RequestStatus } from '../auth/auth.types';

/** An image field's upload under way or just finished. */
export interface UploadState {
  status: RequestStatus;
  /** 0 to 100 while the bytes go up. */
  percent: number;
  /** The picked file's name, to say what is being uploaded. */
  fileName: string;
}
