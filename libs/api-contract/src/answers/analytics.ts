import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, constant, day, int, nullable, ref, str } from './answer-types';

@Declaration({ answer: true })
export class DayCount {
  @Out(day) date!: string;
  @Out(int) scans!: number;
  @Out(int) unique_scanners!: number;
}

@Declaration({ answer: true })
export class DeviceCount {
  @Out({ enum: ['mobile', 'tablet', 'desktop', 'other'] }) device!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class CountryCount {
  @Out({ type: 'string', description: 'ISO 3166-1 alpha-2, or unknown' }) country!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class OsCount {
  @Out({ type: 'string', description: 'As the user agent names it, or unknown' }) os!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class BrowserCount {
  @Out({ type: 'string', description: 'As the user agent names it, or unknown' }) browser!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class DestinationCount {
  @Out({
    type: 'string',
    description: 'The destination URL scans were sent to (before UTM fields); unknown for hosted pages and for scans recorded before destinations were',
  })
  destination!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class LinkTypeCount {
  @Out({ type: 'string', description: 'The GS1 link type a gs1 code’s scan served (gs1:pip, gs1:recallStatus…), or linkset' }) link_type!: string;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class PasswordPageCount {
  @Out({ ...int, description: 'Times the password page was shown for a GET or a post that did not unlock (HEAD not counted); not scans' })
  page_views!: number;
  @Out({ ...int, description: 'Right passwords; each is also counted as a scan' })
  unlocks!: number;
}

@Declaration({ answer: true })
export class CodeAnalytics {
  @Out(str) qr_id!: string;
  @Out(day) from!: string;
  @Out(day) to!: string;
  @Out(str) timezone!: string;
  @Out(int) total_scans!: number;
  @Out(int) unique_scanners!: number;
  @Out(arrayOf(ref('DayCount'), { description: 'Every day of the range, zeros included' })) by_day!: DayCount[];
  @Out(arrayOf(ref('DeviceCount'), { description: 'Always the four devices' })) by_device!: DeviceCount[];
  @Out(arrayOf(ref('CountryCount'))) by_country!: CountryCount[];
  @Out(arrayOf(ref('OsCount'))) by_os!: OsCount[];
  @Out(arrayOf(ref('BrowserCount'))) by_browser!: BrowserCount[];
  @Out(
    arrayOf(ref('DestinationCount'), {
      description: 'Where scans went: a code whose destination changed, or with conditional destinations, shows how many scans went where',
    }),
  )
  by_destination!: DestinationCount[];
  @Out(
    arrayOf(ref('LinkTypeCount'), {
      description:
        'GS1 codes: resolutions by the link type served. Scans that served no link type (every other code type, a gs1 code’s short link) are not in it',
    }),
  )
  by_link_type!: LinkTypeCount[];
  @Out({
    ...ref('PasswordPageCount'),
    description: 'A password-protected code’s password page: its views and unlocks in the range, apart (zeros for a code never protected)',
  })
  password_page!: PasswordPageCount;
}

@Declaration({ answer: true })
export class TopCode {
  @Out(str) qr_id!: string;
  @Out(nullable('string')) name!: string | null;
  @Out(int) scans!: number;
}

@Declaration({ answer: true })
export class WorkspaceAnalytics {
  @Out(constant('workspace_analytics')) object!: 'workspace_analytics';
  @Out(nullable('string')) folder_id!: string | null;
  @Out(day) from!: string;
  @Out(day) to!: string;
  @Out(str) timezone!: string;
  @Out(int) total_scans!: number;
  @Out(int) unique_scanners!: number;
  @Out(arrayOf(ref('DayCount'))) by_day!: DayCount[];
  @Out(arrayOf(ref('TopCode'), { description: 'The ten most scanned codes of the range' })) top_codes!: TopCode[];
}
