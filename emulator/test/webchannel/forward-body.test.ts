import assert from 'node:assert/strict';
import { GrpcCode } from '../../src/firestore/service.js';
import { messageOfMap, parseForwardBody } from '../../src/firestore/webchannel/protocol.js';

describe('WebChannel forward body', function () {
  it('reads the maps and init headers as the closure client encodes them', function () {
    const headers = encodeURIComponent('Authorization:Bearer owner\r\nContent-Type:text/plain\r\n');
    const first = encodeURIComponent(
      JSON.stringify({ database: 'projects/p/databases/(default)' }),
    );
    const second = encodeURIComponent(JSON.stringify({ removeTarget: 2 }));
    const body = parseForwardBody(
      `headers=${headers}&count=2&ofs=5&req0___data__=${first}&req1___data__=${second}`,
    );

    assert.equal(body.headers.get('authorization'), 'Bearer owner');
    assert.equal(body.headers.get('content-type'), 'text/plain');
    assert.deepEqual(
      body.maps.map((map) => map.id),
      [5, 6],
    );
    assert.deepEqual(body.maps.map(messageOfMap), [
      { database: 'projects/p/databases/(default)' },
      { removeTarget: 2 },
    ]);
  });

  it('treats a body without count as carrying no maps', function () {
    assert.deepEqual(parseForwardBody('').maps, []);
  });

  it('rejects a non-numeric count, a missing offset and a map past the count as INVALID_ARGUMENT', function () {
    for (const body of [
      'count=two',
      'count=1&req0___data__=%7B%7D',
      'count=1&ofs=0&req3___data__=%7B%7D',
    ]) {
      assert.throws(
        () => parseForwardBody(body),
        (error: { code?: number }) => error.code === GrpcCode.INVALID_ARGUMENT,
        body,
      );
    }
  });

  it('yields no message for a map without __data__ and rejects data that is not a JSON object', function () {
    const [badMap, array, broken] = parseForwardBody(
      `count=3&ofs=0&req0_type=_badmap&req1___data__=${encodeURIComponent('[1]')}&req2___data__=%7B`,
    ).maps;
    assert.equal(messageOfMap(badMap!), null);
    assert.throws(() => messageOfMap(array!), /not a JSON object/);
    assert.throws(() => messageOfMap(broken!), /not valid JSON/);
  });
});
