import { callable } from '../services/callable';
import { db } from '../services/firebase';
import { rebuildIncidentKeywords as rebuild } from '../services/incident-keywords';

/** Admin gives reports written before search (or while the trigger was down) their keywords. */
export const rebuildIncidentKeywords = callable('rebuildIncidentKeywords', () => rebuild(db()));
