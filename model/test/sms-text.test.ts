import assert from 'node:assert/strict';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_INFO,
  TEMPLATE_KEYS,
  channelTexts,
  cutSms,
  smsCapacity,
  smsLength,
} from '../src/index';

describe('SMS length as the network counts it', () => {
  it('GSM 7-bit: 160 in one segment, 153 each of several; the extension table counts two', () => {
    assert.deepEqual(smsLength('x'.repeat(160)), { encoding: 'gsm7', units: 160, segments: 1 });
    assert.deepEqual(smsLength('x'.repeat(161)), { encoding: 'gsm7', units: 161, segments: 2 });
    assert.deepEqual(smsLength('€'.repeat(80)), { encoding: 'gsm7', units: 160, segments: 1 });
    assert.equal(smsLength('Café à Zürich: ¿Qué?').encoding, 'gsm7');
    assert.equal(smsLength('¿dónde?').encoding, 'ucs2');
  });

  it('one character outside the alphabet makes it UCS-2: 70 in one segment, 67 each of several', () => {
    const curly = `Go inside now. Don’t leave. ${'x'.repeat(40)}`;
    assert.equal(smsLength(curly).encoding, 'ucs2');
    assert.equal(smsLength(curly).segments, 1);
    assert.equal(smsLength(`${curly}${'x'.repeat(30)}`).segments, 2);
    // An emoji is two UTF-16 units.
    assert.deepEqual(smsLength('🚨'.repeat(35)), { encoding: 'ucs2', units: 70, segments: 1 });
    assert.equal(smsCapacity('ucs2', 2), 134);
  });

  it('cuts to whole characters with an ellipsis of its own alphabet', () => {
    assert.equal(cutSms('short', 1), 'short');
    const gsm = cutSms('y'.repeat(400), 1);
    assert.equal(gsm, `${'y'.repeat(157)}...`);
    assert.equal(smsLength(gsm).segments, 1);
    const ucs = cutSms(`’${'🚨'.repeat(100)}`, 1);
    assert.ok(ucs.endsWith('…'));
    assert.equal(smsLength(ucs).segments, 1);
    // No emoji is split into half a surrogate pair.
    assert.ok(!/[\uD800-\uDBFF]…$/.test(ucs));
    assert.equal(smsLength(cutSms('z'.repeat(1000), 2)).segments, 2);
  });

  it('every starter template goes whole, an Emergency Notification in one SMS', () => {
    for (const key of TEMPLATE_KEYS) {
      const { title, body } = DEFAULT_TEMPLATES[key];
      const texts = channelTexts({ kind: TEMPLATE_INFO[key].kind, title, body });
      assert.equal(texts.sms.text, `${title}: ${body}`, key);
      if (TEMPLATE_INFO[key].kind === 'emergency')
        assert.equal(smsLength(texts.sms.text).segments, 1, key);
    }
  });

  it('a reply link is counted in the segments and kept whole: the text is cut to make room', () => {
    const link = `https://campus.web.app/alert-reply?t=${'A'.repeat(22)}`;
    const text = channelTexts({
      kind: 'emergency',
      title: 'Lockdown',
      body: 'x'.repeat(200),
      replyLink: link,
    }).sms.text;
    assert.equal(smsLength(text).segments, 1);
    assert.equal(smsLength(text).units, 160);
    assert.ok(text.endsWith(`... ${link}`));
    // Short enough, nothing is cut; UCS-2 text counts the link in UTF-16 units.
    assert.equal(cutSms('Go inside.', 1, ` ${link}`), `Go inside. ${link}`);
    const curly = cutSms(`Don’t leave ${'x'.repeat(80)}`, 1, ` ${link}`);
    assert.equal(smsLength(curly).units, 70);
    assert.ok(curly.endsWith(`… ${link}`));
  });
});
