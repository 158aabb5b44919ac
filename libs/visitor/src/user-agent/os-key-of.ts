import type { OsKey } from './user-agent-info';

// ua-parser-js 1.x names that read oddly in a dashboard; everything else is shown as it reports it.
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
};

// Desktop Linux in all its spellings, ChromeOS included: a destination conditioned on `linux` means
// "a Linux desktop". Linux-based TV and phone systems (Tizen, webOS, Android) are not in this list.
const LINUX_FAMILY = new Set([
  'linux',
  'chromeos',
  'chromium os',
  'chrome os',
  'ubuntu',
  'kubuntu',
  'xubuntu',
  'lubuntu',
  'debian',
  'fedora',
  'suse',
  'opensuse',
  'gentoo',
  'arch',
  'slackware',
  'mandriva',
  'centos',
  'pclinuxos',
  'redhat',
  'red hat',
  'zenwalk',
  'linpus',
  'raspbian',
  'mint',
  'mageia',
  'vectorlinux',
  'deepin',
  'manjaro',
  'elementary os',
  'sabayon',
  'linspire',
]);

/**
 * The display name of an OS as ua-parser-js names it; null when it found none.
 *
 * @example osDisplayName('Mac OS') // 'macOS'
 */
export function osDisplayName(parsedName: string | undefined): string | null {
  if (!parsedName) return null;
  return DISPLAY_NAMES[parsedName] ?? parsedName;
}

/**
 * The OS family of a display name (see {@link osDisplayName}).
 *
 * @example osKeyOf('iPadOS') // 'ios'
 * @example osKeyOf('Ubuntu') // 'linux'
 */
export function osKeyOf(os: string | null): OsKey {
  const name = os?.toLowerCase() ?? '';
  if (name === 'ios' || name === 'ipados') return 'ios';
  if (name === 'android' || name === 'android-x86') return 'android';
  // Windows Phone / Mobile are Windows too; Xbox reports its own OS name and stays 'other'.
  if (name.startsWith('windows')) return 'windows';
  if (name === 'macos' || name === 'mac os') return 'macos';
  if (LINUX_FAMILY.has(name)) return 'linux';
  return 'other';
}
