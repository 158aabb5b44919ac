import { Declaration, fault, Field, QueryChoice } from '@qr/api-contract';
import { isValidTimeZone } from '@qr/opening-rules';
import { parseCalendarDay } from '../calendar/calendar-day';

/*
 * The analytics queries, declared once: each parameter's rule and its OpenAPI schema. The range's
 * rules (from before to, at most 366 days, defaults from today in the zone) are parseAnalyticsQuery's.
 */

function CalendarDay(): PropertyDecorator {
  return (prototype, key) =>
    Field((value) => (parseCalendarDay(value) === null ? [fault('invalid_date', `${String(key)} must be a calendar date YYYY-MM-DD, e.g. 2026-06-01.`)] : []), {
      type: 'string',
      format: 'date',
    })(prototype, key);
}

function TimeZone(doc: Record<string, unknown> = {}): PropertyDecorator {
  return Field(
    (value) =>
      typeof value === 'string' && isValidTimeZone(value) ? [] : [fault('invalid_timezone', 'tz must be an IANA time zone name, e.g. Europe/Berlin.')],
    { type: 'string', ...doc },
  );
}

/** GET /qrcodes/{id}/analytics. */
@Declaration({ query: true })
export class CodeAnalyticsQuery {
  @TimeZone()
  tz?: string;

  @QueryChoice(['true', 'false'], { type: 'boolean', enum: undefined, default: false })
  include_bots?: 'true' | 'false';

  @QueryChoice(['json', 'csv'], { default: 'json' })
  format?: 'json' | 'csv';

  @CalendarDay()
  from?: string;

  @CalendarDay()
  to?: string;
}

/** GET /analytics: the workspace, or one folder; the zone defaults to UTC. */
@Declaration({ query: true })
export class WorkspaceAnalyticsQuery {
  @Field(() => [], { type: 'string' })
  folder_id?: string;

  @TimeZone({ default: 'UTC' })
  tz?: string;

  @QueryChoice(['true', 'false'], { type: 'boolean', enum: undefined, default: false })
  include_bots?: 'true' | 'false';

  @CalendarDay()
  from?: string;

  @CalendarDay()
  to?: string;
}
