import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CHANNEL_LABELS,
  CLERY_OFFENCES,
  DEFAULT_REPLY_CHOICES,
  KIND_LABELS,
  LANGUAGE_LABELS,
  LAST_LOCATION_LIMITS,
  MASS_NOTIFICATION_CHANNELS,
  MASS_NOTIFICATION_KINDS,
  MASS_NOTIFICATION_LIMITS,
  OFFENCE_LABELS,
  REPLY_LIMITS,
  REPLY_LINK_LIMITS,
  TEMPLATE_INFO,
  TEMPLATE_KEYS,
  channelTexts,
  replyLink,
  smsCapacity,
  smsLength,
  smsSegmentsOf,
  sendMassNotificationSchema,
  type AlertTranslations,
  type AudienceCount,
  type CampusId,
  type CallableRequest,
  type Language,
  type MassNotificationChannel,
  type MassNotificationKind,
  type MassNotificationSettings,
  type TemplateKey,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog, DialogFooter } from '../../components/Dialog';
import {
  CheckboxField,
  CheckboxGroup,
  FormFailure,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { useForm } from '../../components/use-form';
import { formatCount, parseDateTimeLocal } from '../../lib/format';
import { useInstitution } from '../../lib/institution';
import {
  countMassNotificationAudience,
  sendMassNotification,
  sendMassNotificationTest,
} from './api';
import { AudienceConfirmation } from './AudienceConfirmation';
import { useCampusName, useCampusOptions } from '../../data/settings';
import { VersionFields, draftsOf, translationsOf, type VersionDraft } from './VersionFields';

interface ComposeValues {
  template: TemplateKey | '';
  kind: MassNotificationKind;
  title: string;
  body: string;
  /** Versions in other languages beside the main text (docs/mass-notifications.md#languages). */
  translations: VersionDraft[];
  allCampuses: boolean;
  campuses: CampusId[];
  staffOnly: boolean;
  members: boolean;
  located: boolean;
  channels: MassNotificationChannel[];
  scheduledAt: string;
  incidentIds: string;
  cleryCrime: string;
  /** "Ask people to reply": the answers' labels, and which one means help is needed. */
  askReply: boolean;
  answers: string[];
  helpAnswer: number;
}

type ComposeField = keyof ComposeValues;

/** The alert being followed up: an update or all clear, or the follow-up to those not answered. */
export interface FollowUpOf {
  id: string;
  title: string;
  body: string;
  kind: MassNotificationKind;
  translations?: AlertTranslations;
  campuses: CampusId[];
  allCampuses: boolean;
  channels: MassNotificationChannel[];
  staffOnly: boolean;
  members: boolean;
  located: boolean;
  /** Only to those who have not answered (the server finds them; the question is the same). */
  toNonResponders?: { waiting: number };
}

/** Who on the chosen campuses: their members, the people last located there, or both. */
const REACH_OPTIONS = ['Campus members', 'People located there'] as const;

/** What the form sends: the callable's request, checked by the same schema as the server. */
function requestOf(
  v: ComposeValues,
  followsUp: FollowUpOf | null,
): CallableRequest<'sendMassNotification'> {
  const scheduled = v.scheduledAt ? parseDateTimeLocal(v.scheduledAt) : null;
  return {
    kind: v.kind,
    title: v.title,
    body: v.body,
    translations: translationsOf(v.translations),
    audience: {
      allCampuses: v.allCampuses,
      campuses: v.campuses,
      staffOnly: v.staffOnly,
      members: v.members,
      located: v.located,
    },
    channels: v.channels,
    scheduledDate: scheduled ? scheduled.toISOString() : null,
    followsUp: followsUp?.id ?? null,
    toNonResponders: !!followsUp?.toNonResponders,
    reply:
      v.askReply && !followsUp?.toNonResponders
        ? { choices: v.answers.map((label, k) => ({ label, needsHelp: k === v.helpAnswer })) }
        : null,
    incidentIds: v.incidentIds
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    cleryCrime: v.kind === 'timelyWarning' && v.cleryCrime ? (v.cleryCrime as never) : null,
  };
}

/** One channel's text in the preview, with its length (SMS and push are cut to theirs). */
function PreviewItem({ label, text, limit }: { label: string; text: string; limit?: number }) {
  return (
    <div className="rounded border border-slate-200 bg-slate-50 p-2">
      <div className="flex justify-between text-xs font-semibold text-slate-600">
        <span>{label}</span>
        <span>
          {text.length}
          {limit ? ` / ${limit}` : ''} characters
        </span>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{text}</p>
    </div>
  );
}

/**
 * The SMS as it will go, counted as the network counts it (sms-text.ts): its characters against
 * what its segments hold, and why it was cut or holds fewer than 160 a segment.
 */
function SmsPreview({
  kind,
  title,
  body,
  link,
  text,
}: {
  kind: MassNotificationKind;
  title: string;
  body: string;
  /** The reply link the SMS carries whole (a sample of its length), or null. */
  link: string | null;
  text: string;
}) {
  const length = smsLength(text);
  const allowed = smsSegmentsOf(kind);
  const cut = text !== `${title}: ${body}${link ? ` ${link}` : ''}`;
  return (
    <div className="rounded border border-slate-200 bg-slate-50 p-2">
      <div className="flex justify-between text-xs font-semibold text-slate-600">
        <span>SMS</span>
        <span>
          {length.units} / {smsCapacity(length.encoding, allowed)} characters ·{' '}
          {allowed === 1 ? 'one SMS' : `up to ${allowed} SMS`}
        </span>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{text}</p>
      {cut && (
        <p className="mt-1 text-xs text-amber-800">
          {allowed === 1
            ? 'Cut to one SMS: an Emergency Notification goes as one message so it arrives whole. Shorten the title or text to send all of it.'
            : `Cut to ${allowed} SMS. Shorten the title or text to send all of it.`}
        </p>
      )}
      {length.encoding === 'ucs2' && (
        <p className="mt-1 text-xs text-slate-600">
          A character outside the SMS alphabet (a curly quote, an emoji, some accents) makes each
          SMS hold 70 characters instead of 160.
        </p>
      )}
    </div>
  );
}

/**
 * "Ask people to reply" (docs/mass-notifications.md#replies): two to four answers, each editable,
 * one of them the answer that means help is needed (the alert page lists who chose it).
 */
function ReplyFields({
  values: v,
  setValues,
  error,
}: {
  values: ComposeValues;
  setValues: (update: (old: ComposeValues) => ComposeValues) => void;
  error: string | undefined;
}) {
  const setAnswer = (k: number, label: string) =>
    setValues((old) => ({ ...old, answers: old.answers.map((a, i) => (i === k ? label : a)) }));
  return (
    <fieldset className="mb-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Replies</legend>
      <CheckboxField
        label="Ask people to reply"
        checked={v.askReply}
        onChange={(askReply) => setValues((old) => ({ ...old, askReply }))}
      />
      {v.askReply && (
        <>
          {v.answers.map((label, k) => (
            <div key={k} className="flex items-end gap-2">
              <div className="grow">
                <TextField
                  label={`Answer ${k + 1}`}
                  value={label}
                  onChange={(next) => setAnswer(k, next)}
                  maxLength={REPLY_LIMITS.choiceLabel}
                />
              </div>
              {v.answers.length > REPLY_LIMITS.minChoices && (
                <Button
                  variant="secondary"
                  className="mb-3"
                  onClick={() =>
                    setValues((old) => ({
                      ...old,
                      answers: old.answers.filter((_, i) => i !== k),
                      helpAnswer:
                        old.helpAnswer === k ? 0 : old.helpAnswer - (old.helpAnswer > k ? 1 : 0),
                    }))
                  }
                >
                  Remove
                </Button>
              )}
            </div>
          ))}
          {v.answers.length < REPLY_LIMITS.maxChoices && (
            <Button
              variant="secondary"
              className="mb-3"
              onClick={() => setValues((old) => ({ ...old, answers: [...old.answers, ''] }))}
            >
              Add an answer
            </Button>
          )}
          <SelectField
            label="The answer that means help is needed"
            value={String(v.helpAnswer)}
            onChange={(k) => setValues((old) => ({ ...old, helpAnswer: Number(k) }))}
            options={v.answers.map((label, k) => ({
              value: String(k),
              label: label || `Answer ${k + 1}`,
            }))}
            error={error}
            hint="The alert page lists who chose it, with their campus and last shared location."
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * Compose an alert (docs/mass-notifications.md#compose): from a template or blank, its Clery
 * type, audience and channels, a preview of every channel, a test to oneself, now or scheduled.
 * An IMT member's audience is fixed to their campus.
 */
export function ComposeDialog({
  settings,
  imtCampus,
  followsUp,
  onClose,
}: {
  settings: MassNotificationSettings;
  /** Set for an IMT member: the only campus they may send to. */
  imtCampus: CampusId | null;
  /** The alert this one follows up (an update or the all clear: its audience and channels), or null. */
  followsUp: FollowUpOf | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const campusOptions = useCampusOptions();
  const nameOf = useCampusName();
  const main = useInstitution().defaultLanguage;
  const form = useForm<ComposeValues, ComposeField, CallableRequest<'sendMassNotification'>>({
    initial: {
      // A follow-up keeps its versions: the same alert's, or the all clear template's.
      ...(followsUp?.toNonResponders
        ? {
            template: '',
            kind: followsUp.kind,
            title: followsUp.title,
            body: followsUp.body,
            translations: draftsOf(followsUp.translations, main),
          }
        : {
            template: followsUp ? 'allClear' : '',
            kind: 'general',
            title: followsUp ? settings.templates.allClear.title : '',
            body: followsUp ? settings.templates.allClear.body : '',
            translations: followsUp ? draftsOf(settings.templates.allClear.translations, main) : [],
          }),
      // An update or all clear starts from the original's audience and channels.
      allCampuses: imtCampus ? false : (followsUp?.allCampuses ?? false),
      campuses: imtCampus ? [imtCampus] : (followsUp?.campuses ?? []),
      staffOnly: followsUp?.staffOnly ?? false,
      members: followsUp?.members ?? true,
      located: followsUp?.located ?? false,
      channels: followsUp?.channels ?? ['push', 'inApp', 'email'],
      scheduledAt: '',
      incidentIds: '',
      cleryCrime: '',
      askReply: false,
      answers: DEFAULT_REPLY_CHOICES.map((c) => c.label),
      helpAnswer: DEFAULT_REPLY_CHOICES.findIndex((c) => c.needsHelp),
    },
    schema: sendMassNotificationSchema,
    request: (v) => requestOf(v, followsUp),
    // The send step counts the audience per channel and asks before anything goes.
    send: async (request) => {
      const count = followsUp?.toNonResponders
        ? null
        : await countMassNotificationAudience({ audience: request.audience });
      setConfirming({ request, count });
    },
    failureTitle: 'Could not count who the alert reaches',
  });
  const [confirming, setConfirming] = useState<{
    request: CallableRequest<'sendMassNotification'>;
    count: AudienceCount | null;
  } | null>(null);

  async function send(request: CallableRequest<'sendMassNotification'>) {
    const result = await sendMassNotification(request);
    toast.success(
      result.state === 'awaitingApproval'
        ? 'Waiting for a second Admin'
        : result.state === 'scheduled'
          ? 'Alert scheduled'
          : 'Alert sending',
      result.state === 'awaitingApproval'
        ? 'Another Admin must approve this alert before it goes (the Alert approval setting).'
        : undefined,
    );
    onClose();
    void navigate(`/mass-notifications/${result.id}`);
  }
  const v = form.values;
  // An alert that asks carries each person's reply link: the preview counts one as long.
  const sampleLink =
    v.askReply || followsUp?.toNonResponders
      ? replyLink(window.location.origin, 'x'.repeat(REPLY_LINK_LIMITS.tokenLength))
      : null;
  // The preview shows one version at a time: the main text, or the one chosen below.
  const [previewLanguage, setPreviewLanguage] = useState<Language | ''>('');
  const previewed = v.translations.find((t) => t.language === previewLanguage) ?? v;
  const texts = channelTexts({
    kind: v.kind,
    title: previewed.title,
    body: previewed.body,
    replyLink: sampleLink,
  });
  const test = useAction(
    async () => {
      const result = await sendMassNotificationTest({
        kind: v.kind,
        title: v.title,
        body: v.body,
        translations: requestOf(v, followsUp).translations,
        channels: v.channels,
      });
      toast.success(
        'Test sent to you',
        `Sent by ${result.sent.map((c) => CHANNEL_LABELS[c]).join(', ') || 'no channel'}` +
          (result.skipped.length
            ? `; not by ${result.skipped.map((c) => CHANNEL_LABELS[c]).join(', ')}.`
            : '.'),
      );
    },
    { failureTitle: 'The test was not sent' },
  );

  function useTemplate(key: string) {
    if (!key) return form.set('template')('');
    const template = settings.templates[key as TemplateKey];
    form.setValues((old) => ({
      ...old,
      template: key as TemplateKey,
      kind: TEMPLATE_INFO[key as TemplateKey].kind,
      title: template.title,
      body: template.body,
      translations: draftsOf(template.translations, main),
    }));
  }

  return (
    <Dialog
      open
      wide
      onClose={onClose}
      busy={form.busy}
      title={
        followsUp?.toNonResponders
          ? `Follow-up to those who have not answered: ${followsUp.title}`
          : followsUp
            ? `Update or all clear: ${followsUp.title}`
            : 'New alert'
      }
      description="Choose who it reaches and how; the preview shows what each channel will say."
    >
      <form onSubmit={form.submit} noValidate className="grid gap-4 lg:grid-cols-2">
        <div>
          <SelectField
            label="Template"
            value={v.template}
            onChange={useTemplate}
            placeholder="Blank"
            options={TEMPLATE_KEYS.map((k) => ({ value: k, label: TEMPLATE_INFO[k].label }))}
          />
          <SelectField
            label="Type"
            {...form.field('kind')}
            onChange={(value) => form.set('kind')(value as MassNotificationKind)}
            options={MASS_NOTIFICATION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            hint="Timely Warnings and Emergency Notifications go on the Clery record."
          />
          {v.kind === 'timelyWarning' && (
            <SelectField
              label="Clery crime"
              {...form.field('cleryCrime')}
              placeholder="Choose the crime"
              options={CLERY_OFFENCES.map((o) => ({ value: o, label: OFFENCE_LABELS[o] }))}
            />
          )}
          <TextField
            label="Title"
            {...form.field('title')}
            maxLength={MASS_NOTIFICATION_LIMITS.title}
          />
          <TextAreaField
            label="Text"
            rows={4}
            {...form.field('body')}
            maxLength={MASS_NOTIFICATION_LIMITS.body}
          />
          <VersionFields
            versions={v.translations}
            main={main}
            onChange={form.set('translations')}
            error={form.errors.translations}
          />
          {followsUp?.toNonResponders ? (
            <p className="mb-3 text-sm text-slate-700">
              Audience: the {formatCount(followsUp.toNonResponders.waiting, 'person', 'people')} who
              have not answered yet (counted again when it goes). They are asked the same question;
              their answers count on the first alert.
            </p>
          ) : imtCampus ? (
            <p className="mb-3 text-sm text-slate-700">
              Audience: {nameOf(imtCampus)} (your campus)
            </p>
          ) : (
            <>
              <CheckboxField
                label="All campuses"
                className="mb-1"
                checked={v.allCampuses}
                onChange={form.set('allCampuses')}
              />
              {!v.allCampuses && (
                <CheckboxGroup
                  legend="Campuses"
                  options={campusOptions}
                  selected={v.campuses}
                  onChange={form.set('campuses')}
                  error={form.errors.campuses}
                />
              )}
            </>
          )}
          {!followsUp?.toNonResponders && (
            <>
              <CheckboxGroup
                legend="Reach"
                options={REACH_OPTIONS}
                selected={[
                  ...(v.members ? [REACH_OPTIONS[0]] : []),
                  ...(v.located ? [REACH_OPTIONS[1]] : []),
                ]}
                onChange={(next) =>
                  form.setValues((old) => ({
                    ...old,
                    members: next.includes(REACH_OPTIONS[0]),
                    located: next.includes(REACH_OPTIONS[1]),
                  }))
                }
                error={form.errors.members}
              />
              <p className="-mt-2 mb-3 text-xs text-slate-600">
                People located there: app users who chose to share their location, as of the last{' '}
                {LAST_LOCATION_LIMITS.keepHours} hours. Each person gets the alert once; its page
                shows how many, never who.
              </p>
              <CheckboxField
                label="Staff only"
                checked={v.staffOnly}
                onChange={form.set('staffOnly')}
              />
              <ReplyFields
                values={v}
                setValues={form.setValues}
                error={(form.errors as Record<string, string | undefined>).reply}
              />
            </>
          )}
          <CheckboxGroup
            legend="Channels"
            options={MASS_NOTIFICATION_CHANNELS.map((c) => CHANNEL_LABELS[c])}
            selected={v.channels.map((c) => CHANNEL_LABELS[c])}
            onChange={(labels) =>
              form.set('channels')(
                MASS_NOTIFICATION_CHANNELS.filter((c) => labels.includes(CHANNEL_LABELS[c])),
              )
            }
            error={form.errors.channels}
          />
          <TextField
            label="Send at (optional)"
            type="datetime-local"
            {...form.field('scheduledAt')}
            error={form.errors.scheduledAt ?? (form.errors as Record<string, string>).scheduledDate}
            hint="Leave empty to send now."
          />
          {v.kind !== 'general' && (
            <TextField
              label="Linked incident ids (optional)"
              {...form.field('incidentIds')}
              hint="Separated by spaces or commas; the Clery record measures the time from the first report."
            />
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Preview</h3>
          {v.translations.length > 0 && (
            <SelectField
              label="Preview the version in"
              value={previewLanguage}
              onChange={(language) => setPreviewLanguage(language as Language | '')}
              placeholder={`${LANGUAGE_LABELS[main]} (main text)`}
              options={v.translations.map((t) => ({
                value: t.language,
                label: LANGUAGE_LABELS[t.language],
              }))}
            />
          )}
          <div className="grid gap-2" aria-label="Preview">
            {v.channels.includes('push') && (
              <PreviewItem
                label="Push"
                text={`${texts.push.title}\n${texts.push.body}`}
                limit={MASS_NOTIFICATION_LIMITS.pushBody}
              />
            )}
            {v.channels.includes('inApp') && (
              <PreviewItem
                label="In-app notification"
                text={`${texts.inApp.title}\n${texts.inApp.message}`}
              />
            )}
            {v.channels.includes('email') && (
              <PreviewItem
                label="Email"
                text={`Subject: ${texts.email.subject}\n\n${texts.email.text}`}
              />
            )}
            {v.channels.includes('sms') && (
              <SmsPreview
                kind={v.kind}
                title={previewed.title}
                body={previewed.body}
                link={sampleLink}
                text={texts.sms.text}
              />
            )}
          </div>
          <Button
            className="mt-3"
            variant="secondary"
            busy={test.busy}
            disabled={!v.title.trim() || !v.body.trim() || v.channels.length === 0}
            onClick={() => void test.run()}
          >
            Send a test to myself
          </Button>
        </div>
        <div className="lg:col-span-2">
          <FormFailure message={form.failure} />
          <DialogFooter
            onCancel={onClose}
            busy={form.busy}
            label={v.scheduledAt ? 'Schedule alert…' : 'Send alert…'}
          />
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          title={confirming.request.scheduledDate ? 'Schedule this alert?' : 'Send this alert?'}
          message={
            <AudienceConfirmation
              count={confirming.count}
              waiting={followsUp?.toNonResponders?.waiting ?? null}
              channels={confirming.request.channels}
              scheduled={!!confirming.request.scheduledDate}
            />
          }
          confirmLabel={confirming.request.scheduledDate ? 'Schedule alert' : 'Send alert'}
          onConfirm={() => send(confirming.request)}
          onClose={() => setConfirming(null)}
          failureTitle="The alert was not sent"
        />
      )}
    </Dialog>
  );
}
