/**
 * Preloaded into firebase-tools (`node --require`) by `npm start` and the functions integration
 * runner. firebase-tools subscribes every scheduled function to its `firebase-schedule-<name>`
 * topic, but delivers a message only to "event" (v1) and "cloudevent" triggers: a v2 scheduled
 * function is an HTTP function (signature "http"), so each message ends in a DEBUG line
 * "Unsupported trigger signature: http" and the function never runs (firebase-tools 15.34.2;
 * seen here). This delivers such messages the way Cloud Scheduler calls a v2 scheduled function
 * in production: an HTTP POST with the X-CloudScheduler headers, to the trigger firebase-tools
 * itself registered for the topic (so a reload of the functions is followed). Every other
 * message is delivered by firebase-tools as before. Nothing happens when its Pub/Sub emulator
 * class is not where expected; the scheduled-publishing integration test then fails.
 */
'use strict';
const path = require('node:path');

/** Posts one message to each v2 scheduled function subscribed to its topic. */
async function deliverToScheduled(emulator, topicName, message, scheduled) {
  emulator.ensureFunctionsClient();
  for (const { triggerKey } of scheduled) {
    try {
      await emulator.client.post(
        `/functions/projects/${emulator.args.projectId}/triggers/${triggerKey}`,
        {},
        {
          headers: {
            'X-CloudScheduler': 'true',
            'X-CloudScheduler-JobName': topicName,
            'X-CloudScheduler-ScheduleTime': new Date(message.publishTime).toISOString(),
          },
        },
      );
    } catch (error) {
      emulator.logger.logLabeled(
        'WARN',
        'pubsub',
        `Scheduled function ${triggerKey} failed on message ${message.id}: ${error.message}`,
      );
    }
  }
}

function patch(PubsubEmulator) {
  const deliver = PubsubEmulator.prototype.onMessage;
  if (typeof deliver !== 'function' || deliver.schedulePatched) return false;
  async function onMessage(topicName, message) {
    const triggers = this.triggersForTopic?.get(topicName) ?? [];
    const scheduled = triggers.filter((t) => t.signatureType === 'http');
    if (scheduled.length === 0) return deliver.call(this, topicName, message);
    // A scheduled function's topic carries nothing else; retryCount 0 in production too.
    await deliverToScheduled(this, topicName, message, scheduled);
    message.ack();
  }
  onMessage.schedulePatched = true;
  PubsubEmulator.prototype.onMessage = onMessage;
  return true;
}

try {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  patch(require(path.join(firebaseTools, 'lib', 'emulator', 'pubsubEmulator.js')).PubsubEmulator);
} catch {
  // A firebase-tools without that module: start as usual.
}
