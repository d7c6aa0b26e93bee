import { EMAIL_PATTERN, NAME_MIN, PHONE_PATTERN } from '@gatehouse/contract/person-details';
import { useEffect, useState } from 'react';
import { ApiError, call, type KioskFlow, type KioskJourney, OfflineError } from './api';
import { Checks, type CheckAnswers } from './Checks';
import { type ConditionAnswers, conditionBody, conditionProblem, Conditions, conditionsComplete, joinNotes, NO_ANSWERS } from './Conditions';
import type { Key, Lang, T } from './i18n';
import s from './kiosk.module.css';
import { Photo } from './Photo';
import { optionLabel } from './words';

/** What the walk-in visitor call takes (`POST /api/kiosk-app/visitor`). */
export interface VisitorBody {
  journey_flow_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  email?: string;
  company_name?: string;
  id_number?: string;
  host_user_id?: number | null;
  custom_fields?: { custom_field_id: number; value: string | string[] }[];
  compliance?: { answers: { question_id: string; answer: 'positive' | 'negative' }[]; agreed: true };
  notes?: string;
  image?: string;
  temperature?: string;
  mask?: boolean;
  lang: Lang;
}

type Step = 'type' | 'details' | 'host' | 'fields' | 'conditions' | 'photo' | 'checks';
type Details = { first_name: string; last_name: string; phone: string; email: string; company_name: string; id_number: string };
const DETAIL_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'company_name', 'id_number'] as const;

/** The step a server's field message belongs to. */
export function stepOfField(field: string): Step {
  if ((DETAIL_FIELDS as readonly string[]).includes(field)) return 'details';
  if (field === 'host_user_id') return 'host';
  if (field.startsWith('custom_fields')) return 'fields';
  if (field.startsWith('compliance') || field === 'notes') return 'conditions';
  if (field === 'image') return 'photo';
  if (field === 'temperature' || field === 'mask') return 'checks';
  return 'details';
}

/** Rules 169-171 as the kiosk checks them before sending, with the contract's values (the server checks again). */
export function detailProblems(d: Details, flow: KioskFlow): Partial<Record<keyof Details, Key>> {
  const p: Partial<Record<keyof Details, Key>> = {};
  if (d.first_name.trim().length < NAME_MIN) p.first_name = 'visitor.name_min';
  if (d.last_name.trim().length < NAME_MIN) p.last_name = 'visitor.name_min';
  if (!PHONE_PATTERN.test(d.phone.trim())) p.phone = 'visitor.phone_digits';
  if (d.email.trim() && !EMAIL_PATTERN.test(d.email.trim())) p.email = 'visitor.email_invalid';
  for (const m of flow.mandatory) if (m !== 'phone' && !d[m].trim()) p[m] = 'visitor.required';
  return p;
}

/**
 * A walk-in visitor's journey on the kiosk: user type (the journey's flows that take walk-ins), details, host,
 * custom fields, entry conditions, photo and checks; `onSubmit` registers and signs them in. A refusal from the
 * server takes the visitor back to the step it concerns with the message.
 */
export function Visitor({
  t,
  lang,
  journey,
  unit,
  onSubmit,
  onBack,
}: {
  t: T;
  lang: Lang;
  journey: KioskJourney;
  unit: 'C' | 'F';
  onSubmit: (body: VisitorBody) => Promise<{ step: Step; message: string } | void>;
  onBack: () => void;
}) {
  const flows = journey.flows.filter((f) => f.walk_in === 1);
  const [flow, setFlow] = useState<KioskFlow | null>(flows.length === 1 ? flows[0] : null);
  const [step, setStep] = useState<Step>(flows.length === 1 ? 'details' : 'type');
  const [details, setDetails] = useState<Details>({ first_name: '', last_name: '', phone: '', email: '', company_name: '', id_number: '' });
  const [shown, setShown] = useState(false);
  const [host, setHost] = useState<{ id: number; name: string } | null>(null);
  const [fields, setFields] = useState<Record<number, string | string[]>>({});
  const [conditions, setConditions] = useState<ConditionAnswers>(NO_ANSWERS);
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<{ step: Step; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const order: Step[] = flow
    ? (['details', 'host', 'fields', 'conditions', 'photo', 'checks'] as Step[]).filter(
        (st) =>
          (st !== 'fields' || flow.custom_fields.length > 0) &&
          (st !== 'conditions' || !!flow.compliance) &&
          (st !== 'checks' || flow.temperature_check === 1 || flow.mask_check === 1),
      )
    : [];
  const go = async (dir: 1 | -1) => {
    // A wrong answer asks for its note at once, before the photo (rules 210-211).
    if (dir === 1 && step === 'conditions' && flow?.compliance) {
      setBusy(true);
      const p = await conditionProblem(t, flow.id, flow.compliance, conditions, lang);
      setBusy(false);
      if (p) return setError({ step, message: p });
    }
    const i = order.indexOf(step);
    const next = order[i + dir];
    setError(null);
    if (!next) return dir === -1 ? (flows.length > 1 ? setStep('type') : onBack()) : undefined;
    setStep(next);
  };

  const submit = async ({ notes: checkNotes, ...checks }: CheckAnswers = {}, photo = image) => {
    if (!flow) return;
    const notes = joinNotes(checkNotes, conditions.notes);
    setBusy(true);
    const d = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v)) as Partial<Details>;
    const values = Object.entries(fields)
      .filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== ''))
      .map(([id, value]) => ({ custom_field_id: Number(id), value }));
    const problem = await onSubmit({
      journey_flow_id: flow.id,
      first_name: d.first_name ?? '',
      last_name: d.last_name ?? '',
      phone: d.phone ?? '',
      ...(d.email ? { email: d.email } : {}),
      ...(d.company_name ? { company_name: d.company_name } : {}),
      ...(d.id_number ? { id_number: d.id_number } : {}),
      host_user_id: host?.id ?? null,
      ...(values.length ? { custom_fields: values } : {}),
      ...(flow.compliance ? { compliance: conditionBody(flow.compliance, conditions) } : {}),
      ...(notes ? { notes } : {}),
      ...(photo ? { image: photo } : {}),
      ...checks,
      lang,
    });
    setBusy(false);
    if (problem) {
      setError(problem);
      setStep(problem.step);
    }
  };
  const last = order[order.length - 1];
  const next = () => (step === last ? void submit() : void go(1));
  const problem = error?.step === step ? <p className={s.error} role="alert">{error.message}</p> : null;
  const nav = (canGo: boolean) => (
    <div className={s.row}>
      <button className={s.ghost} type="button" onClick={() => void go(-1)}>
        {t('common.back')}
      </button>
      <button className={s.primary} type="button" disabled={!canGo || busy} onClick={next}>
        {step === last ? t('visitor.sign_in') : t('common.next')}
      </button>
    </div>
  );

  if (step === 'type' || !flow)
    return (
      <main className={s.center}>
        <h1 className={s.title}>{t('visitor.type_title')}</h1>
        <ul className={s.list}>
          {flows.map((f) => (
            <li key={f.id}>
              <button
                className={s.choice}
                type="button"
                onClick={() => {
                  setFlow(f);
                  setStep('details');
                }}
              >
                <span dir="auto">{f.user_type.name}</span>
                {f.description && <small className={s.muted}> · {f.description}</small>}
              </button>
            </li>
          ))}
        </ul>
        <button className={s.ghost} type="button" onClick={onBack}>
          {t('common.back')}
        </button>
      </main>
    );

  if (step === 'details') {
    const problems = detailProblems(details, flow);
    const visible = DETAIL_FIELDS.filter((f) => f !== 'id_number' || flow.mandatory.includes('id_number'));
    return (
      <main className={s.center}>
        <h1 className={s.title}>{t('visitor.details_title')}</h1>
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            setShown(true);
            if (!Object.keys(problems).length) next();
          }}
        >
          {visible.map((f) => {
            const required = f === 'first_name' || f === 'last_name' || f === 'phone' || flow.mandatory.includes(f);
            const p = shown ? problems[f] : undefined;
            return (
              <label key={f} className={s.field}>
                <span>
                  {t(`visitor.${f}` as Key)}
                  {required && ' *'}
                </span>
                <input
                  className={s.input}
                  value={details[f]}
                  onChange={(e) => setDetails({ ...details, [f]: e.target.value })}
                  inputMode={f === 'phone' ? 'numeric' : f === 'email' ? 'email' : undefined}
                  dir={f === 'phone' || f === 'email' ? 'ltr' : undefined}
                  autoComplete="off"
                  aria-invalid={!!p}
                  aria-required={required}
                />
                {p && <small className={s.error}>{t(p)}</small>}
              </label>
            );
          })}
          {problem}
          <div className={s.row}>
            <button className={s.ghost} type="button" onClick={() => void go(-1)}>
              {t('common.back')}
            </button>
            <button className={s.primary} type="submit">
              {t('common.next')}
            </button>
          </div>
        </form>
      </main>
    );
  }

  if (step === 'host')
    return (
      <main className={s.center}>
        <h1 className={s.title}>{t('visitor.host_title')}</h1>
        <HostSearch t={t} lang={lang} flowId={flow.id} picked={host} onPick={setHost} />
        {problem}
        {(flow.host.required === 0 || flow.host.allow_no_host === 1) && !host && <p className={s.muted}>{t('visitor.host_optional')}</p>}
        {nav(!!host || flow.host.required === 0 || flow.host.allow_no_host === 1)}
      </main>
    );

  if (step === 'fields') {
    const missing = flow.custom_fields.some((f) => f.required === 1 && (fields[f.id] === undefined || fields[f.id] === '' || (Array.isArray(fields[f.id]) && !fields[f.id].length)));
    return (
      <main className={s.center}>
        <h1 className={s.title}>{t('visitor.fields_title')}</h1>
        <div className={s.form}>
          {flow.custom_fields.map((f) => (
            <Field key={f.id} t={t} lang={lang} field={f} value={fields[f.id]} onChange={(v) => setFields({ ...fields, [f.id]: v })} />
          ))}
        </div>
        {problem}
        {nav(!missing)}
      </main>
    );
  }

  if (step === 'conditions' && flow.compliance)
    return (
      <main className={s.center}>
        <Conditions t={t} compliance={flow.compliance} value={conditions} onChange={setConditions} />
        {problem}
        {nav(conditionsComplete(flow.compliance, conditions))}
      </main>
    );

  if (step === 'photo')
    return (
      <>
        <Photo
          t={t}
          optional={flow.photo === 0}
          onBack={() => void go(-1)}
          onDone={(img) => {
            setImage(img);
            if (step === last) void submit({}, img);
            else void go(1);
          }}
        />
        {problem}
      </>
    );

  return (
    <>
      <Checks
        t={t}
        unit={unit}
        threshold={journey.temperature_threshold}
        temperature={flow.temperature_check === 1}
        mask={flow.mask_check === 1}
        onDone={(c) => void submit(c)}
        onBack={() => void go(-1)}
      />
      {problem}
    </>
  );
}

/** One custom field, touch-first: text-like inputs, options as buttons, a rating of 1-5. */
function Field({ t, lang, field, value, onChange }: { t: T; lang: string; field: KioskFlow['custom_fields'][number]; value: string | string[] | undefined; onChange: (v: string | string[]) => void }) {
  const label = (
    <span dir="auto">
      {field.name}
      {field.required === 1 && ' *'}
    </span>
  );
  if (field.type === 'radio' || field.type === 'checkboxes' || field.type === 'toggle' || field.type === 'rating') {
    const many = field.type === 'checkboxes';
    const options =
      field.type === 'toggle'
        ? [
            ['1', t('common.yes')],
            ['0', t('common.no')],
          ]
        : field.type === 'rating' && field.display !== 'labels'
          ? ['1', '2', '3', '4', '5'].map((n) => [n, n])
          : field.options.map((o, i) => [o, optionLabel(field, i, lang)]);
    const chosen = (o: string) => (many ? Array.isArray(value) && value.includes(o) : value === o);
    return (
      <div className={s.field} role="group" aria-label={field.name}>
        {label}
        <div className={s.row}>
          {options.map(([o, text]) => (
            <button
              key={o}
              type="button"
              className={chosen(o) ? s.primary : s.ghost}
              aria-pressed={chosen(o)}
              onClick={() => {
                if (!many) return onChange(o);
                const list = Array.isArray(value) ? value : [];
                onChange(list.includes(o) ? list.filter((x) => x !== o) : [...list, o]);
              }}
            >
              <span dir="auto">{text}</span>
            </button>
          ))}
        </div>
      </div>
    );
  }
  return (
    <label className={s.field}>
      {label}
      <input
        className={s.input}
        type={field.type === 'date' ? 'date' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
      />
    </label>
  );
}

/** Finds the host by name (the flow's hosts, names only). */
export function HostSearch({ t, lang, flowId, picked, onPick }: { t: T; lang: Lang; flowId: number; picked: { id: number; name: string } | null; onPick: (h: { id: number; name: string } | null) => void }) {
  const [text, setText] = useState('');
  const [hosts, setHosts] = useState<{ id: number; name: string }[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (text.trim().length < 2) return setHosts(null);
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const res = await call<{ data: { id: number; name: string }[] }>('GET', `/api/kiosk-app/hosts/${flowId}?search=${encodeURIComponent(text.trim())}`, undefined, lang);
        if (!stale) {
          setHosts(res.data);
          setError('');
        }
      } catch (err) {
        if (!stale) setError(err instanceof OfflineError ? t('error.offline') : err instanceof ApiError ? err.message : String(err));
      }
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, lang, t, flowId]);
  if (picked)
    return (
      <div className={s.row}>
        <p className={s.lead} data-testid="host-picked">
          {picked.name}
        </p>
        <button className={s.ghost} type="button" onClick={() => onPick(null)}>
          {t('visitor.host_change')}
        </button>
      </div>
    );
  return (
    <>
      <input className={s.input} value={text} onChange={(e) => setText(e.target.value)} aria-label={t('visitor.host_search')} placeholder={t('visitor.host_search')} autoComplete="off" />
      {error && <p className={s.error}>{error}</p>}
      {hosts?.length === 0 && <p className={s.muted}>{t('name.none')}</p>}
      <ul className={s.list}>
        {hosts?.map((h) => (
          <li key={h.id}>
            <button className={s.choice} type="button" onClick={() => onPick(h)}>
              {h.name}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
