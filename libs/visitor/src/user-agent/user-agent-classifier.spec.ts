import { classifyUserAgent } from './classify-user-agent';
import type { UserAgentInfo } from './user-agent-info';
import { UserAgentClassifier } from './user-agent-classifier';

const countingClassifier = (cacheSize?: number) => {
  const parsed: string[] = [];
  const classify = (ua: string): UserAgentInfo => {
    parsed.push(ua);
    return classifyUserAgent(ua);
  };
  return { classifier: new UserAgentClassifier(cacheSize, classify), parsed };
};

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('UserAgentClassifier', () => {
  it('classifies with ua-parser-js and isbot', () => {
    expect(new UserAgentClassifier().classify(CHROME)).toEqual({ device: 'desktop', os: 'Windows', osKey: 'windows', browser: 'Chrome', isBot: false });
    expect(new UserAgentClassifier().classify('curl/8.4.0')).toMatchObject({ device: 'other', isBot: true });
  });

  it('does not parse a user agent again while it is cached', () => {
    const { classifier, parsed } = countingClassifier(10);
    const first = classifier.classify(CHROME);
    expect(classifier.classify(CHROME)).toBe(first);
    expect(parsed).toEqual([CHROME]);
  });

  it('stays within its bound, and parses an evicted user agent again', () => {
    const { classifier, parsed } = countingClassifier(2);
    for (const ua of ['a/1', 'b/1', 'c/1', 'a/1']) classifier.classify(ua);
    expect(parsed).toEqual(['a/1', 'b/1', 'c/1', 'a/1']);
    classifier.classify('a/1');
    classifier.classify('c/1');
    expect(parsed).toHaveLength(4);
  });

  it('caches nothing with a size of 0', () => {
    const { classifier, parsed } = countingClassifier(0);
    classifier.classify(CHROME);
    classifier.classify(CHROME);
    expect(parsed).toEqual([CHROME, CHROME]);
  });

  it('does not cache very long user agents', () => {
    const { classifier, parsed } = countingClassifier(10);
    const long = `${CHROME} ${'x'.repeat(600)}`;
    classifier.classify(long);
    classifier.classify(long);
    expect(parsed).toHaveLength(2);
  });

  it('hands out frozen results, so one caller cannot change what the next one reads', () => {
    const info = new UserAgentClassifier().classify(CHROME);
    expect(Object.isFrozen(info)).toBe(true);
  });

  it('treats a missing user agent as other, not a bot', () => {
    expect(new UserAgentClassifier().classify(undefined)).toEqual({ device: 'other', os: null, osKey: 'other', browser: null, isBot: false });
  });
});
