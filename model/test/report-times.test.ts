import assert from 'node:assert/strict';
import { WRITTEN_AT_SHOWN_AFTER_MS, writtenBeforeArrival } from '../src/index';

const at = (ms: number) => ({ toMillis: () => ms });

describe('a report’s two times', () => {
  it('shows the written time only when it is more than a minute from the arrival', () => {
    const arrived = at(10 * 60_000);
    assert.equal(
      writtenBeforeArrival({ timestamp: arrived, writtenAt: at(10 * 60_000 - 5_000) }),
      null,
    );
    assert.equal(
      writtenBeforeArrival({
        timestamp: arrived,
        writtenAt: at(10 * 60_000 - WRITTEN_AT_SHOWN_AFTER_MS),
      }),
      null,
    );
    const queued = at(10 * 60_000 - WRITTEN_AT_SHOWN_AFTER_MS - 1);
    assert.equal(writtenBeforeArrival({ timestamp: arrived, writtenAt: queued }), queued);
  });

  it('shows nothing for a report without one of them (older reports, a write not yet arrived)', () => {
    assert.equal(writtenBeforeArrival({ timestamp: at(0) }), null);
    assert.equal(writtenBeforeArrival({ timestamp: null, writtenAt: at(0) }), null);
  });
});
