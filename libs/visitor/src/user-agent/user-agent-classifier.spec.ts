import { classifyUserAgent } from './classify-user-agent';
import { UserAgentClassifier } from './user-agent-classifier';

// The real classification, counted: what the classifier parses and what its cache answers.
jest.mock('./classify-user-agent', () => {
  const actual = jest.requireActual<typeof import('./classify-user-agent')>('./classify-user-agent');
  return { ...actual, classifyUserAgent: jest.fn(actual.classifyUserAgent) };
});
const parsed = () => jest.mocked(classifyUserAgent).mock.calls.map(([ua]) => ua);

beforeEach(() => jest.mocked(classifyUserAgent).mockClear());

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('UserAgentClassifier', () => {
  it('classifies with ua-parser-js and isbot', () => {
    expect(new UserAgentClassifier().classify(CHROME)).toEqual({ device: 'desktop', os: 'Windows', osKey: 'windows', browser: 'Chrome', isBot: false });
    expect(new UserAgentClassifier().classify('curl/8.4.0')).toMatchObject({ device: 'other', isBot: true });
  });

  it('does not parse a user agent again while it is cached', () => {
    const classifier = new UserAgentClassifier();
    const first = classifier.classify(CHROME);
    expect(classifier.classify(CHROME)).toBe(first);
    expect(parsed()).toEqual([CHROME]);
  });

  it('stays within its bound of 1,000, and parses an evicted user agent again', () => {
    const classifier = new UserAgentClassifier();
    for (let i = 0; i <= 1_000; i++) classifier.classify(`agent/${i}`);
    classifier.classify('agent/1000');
    classifier.classify('agent/0');
    expect(parsed()).toHaveLength(1_002);
    expect(parsed().at(-1)).toBe('agent/0');
  });

  it('does not cache very long user agents', () => {
    const classifier = new UserAgentClassifier();
    const long = `${CHROME} ${'x'.repeat(600)}`;
    classifier.classify(long);
    classifier.classify(long);
    expect(parsed()).toHaveLength(2);
  });

  it('hands out frozen results, so one caller cannot change what the next one reads', () => {
    const info = new UserAgentClassifier().classify(CHROME);
    expect(Object.isFrozen(info)).toBe(true);
  });

  it('treats a missing user agent as other, not a bot', () => {
    expect(new UserAgentClassifier().classify(undefined)).toEqual({ device: 'other', os: null, osKey: 'other', browser: null, isBot: false });
  });
});
