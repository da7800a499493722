import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { rebuildIncidentKeywords as rebuild } from '../services/incident-keywords';

/** Admin gives reports written before search (or while the trigger was down) their keywords. */
export const rebuildIncidentKeywords = callable('rebuildIncidentKeywords', () => rebuild(db()));
