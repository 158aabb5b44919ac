import { type CodeAnalytics } from '@qr/api-contract';
import { csvRows } from '@qr/domain';

type Cell = string | number;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * The analytics answer as one spreadsheet-friendly CSV file: UTF-8 with a BOM (so Excel reads
 * it as UTF-8), CRLF line ends and RFC 4180 quoting, text cells made formula-safe. Sections,
 * each a header row and its rows, separated by one blank line: the summary, by_day, by_device,
 * by_country, by_os, by_browser, by_destination, by_link_type. A breakdown without rows keeps its header row, so every file
 * has the same shape.
 *
 * @example
 * analyticsCsv(answer)
 * // '\uFEFFqr_id,from,to,timezone,total_scans,unique_scanners\r\nqr_1,2026-06-01,2026-06-30,UTC,3,2\r\n\r\n'
 * // + 'date,scans,unique_scanners\r\n2026-06-01,3,2\r\n…\r\n\r\ndevice,scans\r\nmobile,3\r\n…'
 */
export function analyticsCsv(answer: Omit<CodeAnalytics, 'password_page'>): string {
  const sections: Cell[][][] = [
    [
      ['qr_id', 'from', 'to', 'timezone', 'total_scans', 'unique_scanners'],
      [answer.qr_id, answer.from, answer.to, answer.timezone, answer.total_scans, answer.unique_scanners],
    ],
    [['date', 'scans', 'unique_scanners'], ...answer.by_day.map((d): Cell[] => [d.date, d.scans, d.unique_scanners])],
    [['device', 'scans'], ...answer.by_device.map((d): Cell[] => [d.device, d.scans])],
    [['country', 'scans'], ...answer.by_country.map((d): Cell[] => [d.country, d.scans])],
    [['os', 'scans'], ...answer.by_os.map((d): Cell[] => [d.os, d.scans])],
    [['browser', 'scans'], ...answer.by_browser.map((d): Cell[] => [d.browser, d.scans])],
    [['destination', 'scans'], ...answer.by_destination.map((d): Cell[] => [d.destination, d.scans])],
    [['link_type', 'scans'], ...answer.by_link_type.map((d): Cell[] => [d.link_type, d.scans])],
  ];
  return BOM + sections.map(csvRows).join(CRLF);
}
