/** A written report file: its bytes and content type. */
export interface ReportFile {
  data: Buffer;
  mime: string;
  extension: 'pdf' | 'csv' | 'xlsx';
}
