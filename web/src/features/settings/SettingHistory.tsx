import { SETTING_LABELS, type SettingName } from '@campus-safety/model';
import { ListState } from '../../components/States';
import { useLiveQuery } from '../../data/live-query';
import { settingHistorySpec } from '../../data/settings';
import { formatDate } from '../../lib/format';
import { settingChanges } from './changes';

/** A setting's newest changes: when, by whom, and what changed (Admins read the history). */
export function SettingHistory({ name }: { name: SettingName }) {
  const history = useLiveQuery(settingHistorySpec(name));
  return (
    <details className="mt-3" data-testid={`history-${name}`}>
      <summary className="cursor-pointer text-sm font-medium text-sky-800">
        History of {SETTING_LABELS[name].toLowerCase()}
      </summary>
      <div className="mt-2">
        <ListState
          live={history}
          emptyTitle="No changes yet"
          emptyHint="The defaults apply until an Admin saves this setting."
        >
          <ol className="space-y-2 text-sm">
            {history.data.map((entry) => (
              <li key={entry.id} className="border-l-2 border-slate-300 pl-2">
                <p className="text-slate-600">
                  {formatDate(entry.at)} · {entry.by.name || entry.by.uid}
                </p>
                <ul className="list-disc pl-5 text-slate-900">
                  {settingChanges(name, entry.before, entry.after).map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </ListState>
      </div>
    </details>
  );
}
