import {
  Badge as AmplifyBadge,
  Button,
  Flex,
  Heading,
  Input,
  Label,
  SelectField,
  Text,
} from '@aws-amplify/ui-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contract } from '@app/shared/api/contract';
import {
  ALERT_RULE_KINDS,
  AlertRuleInputSchema,
  type AlertRule,
  type AlertRuleKind,
} from '@app/shared/domain/entities/alert-rules';
import { formatDate } from '@app/shared/domain/rules/formatting';
import { useRouteMutation } from '@/kit/api/route-mutation';
import { useRouteQuery } from '@/kit/api/route-query';
import { useServerMessage } from '@/kit/api/use-server-message';
import { usePreferences } from '@/kit/preferences/preferences';
import { Card } from '@/kit/ui/card';
import { useToast } from '@/kit/ui/toast';

interface Draft {
  symbol: string;
  kind: AlertRuleKind;
  value: string;
}

/** Which number a rule kind asks for: a price level, a percentage, or none. */
function valueFieldOf(kind: AlertRuleKind): 'level' | 'percent' | null {
  if (kind === 'price_above' || kind === 'price_below') return 'level';
  return kind === 'daily_move' ? 'percent' : null;
}

function draftOf(rule: AlertRule): Draft {
  return { symbol: rule.symbol, kind: rule.kind, value: String(rule.level ?? rule.percent ?? '') };
}

/** The request body the form's draft makes, checked by the schema the server uses; null with a reason. */
function inputOf(draft: Draft) {
  const field = valueFieldOf(draft.kind);
  const body = {
    kind: draft.kind,
    symbol: draft.symbol.trim().toUpperCase(),
    ...(field ? { [field]: Number(draft.value) } : {}),
  };
  const parsed = AlertRuleInputSchema.safeParse(body);
  if (parsed.success && (!field || draft.value.trim() !== '')) return { body: parsed.data, problem: null };
  const symbolProblem = parsed.success
    ? false
    : parsed.error.issues.some((issue) => issue.path[0] === 'symbol');
  return { body: null, problem: symbolProblem ? ('symbolRequired' as const) : ('valueInvalid' as const) };
}

/**
 * Custom alert rules (custom_alerts, Platinum): the form creates or edits one, the list shows each with
 * its status, Edit and Delete. The price poll checks them; a rule that fires writes an alert to this
 * screen. On a plan without the feature the rules are paused (kept, and deletable).
 */
export function AlertRulesCard({ initialSymbol }: { initialSymbol?: string }) {
  const { t } = useTranslation(['alerts', 'common']);
  const { language } = usePreferences();
  const toast = useToast();
  const serverMessage = useServerMessage();
  const formId = useId();
  const rules = useRouteQuery(contract.portfolio.alertRules);
  const create = useRouteMutation(contract.portfolio.createAlertRule);
  const update = useRouteMutation(contract.portfolio.updateAlertRule);
  const remove = useRouteMutation(contract.portfolio.deleteAlertRule);
  const [draft, setDraft] = useState<Draft>({ symbol: initialSymbol ?? '', kind: 'price_above', value: '' });
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const valueField = valueFieldOf(draft.kind);
  const busy = create.isPending || update.isPending || remove.isPending;

  const onError = (error: unknown) => setProblem(serverMessage(error) ?? t('common:status.error'));
  const onSaved = () => {
    setProblem(null);
    setEditing(null);
    setDraft({ symbol: '', kind: 'price_above', value: '' });
    toast.show({ variant: 'success', title: t('rules.saved') });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problem: invalid } = inputOf(draft);
    if (!body) {
      setProblem(t(`rules.${invalid ?? 'valueInvalid'}`));
      return;
    }
    if (editing) update.mutate({ params: { ruleId: editing }, body }, { onSuccess: onSaved, onError });
    else create.mutate({ body }, { onSuccess: onSaved, onError });
  };

  return (
    <Card data-testid="alert-rules">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2} className="app-card-title">
          {t('rules.title')}
        </Heading>
        {rules.data ? (
          <Text className="app-muted">
            {t('rules.count', { used: rules.data.used, limit: rules.data.limit })}
          </Text>
        ) : null}
      </Flex>
      <Text className="app-muted">{t('rules.subtitle')}</Text>
      {rules.data?.paused ? <Text role="status">{t('rules.paused')}</Text> : null}
      <form onSubmit={submit} noValidate aria-label={t('rules.title')} className="alerts__rule-form">
        <Flex gap="small" wrap="wrap" alignItems="flex-end">
          <Flex direction="column" gap="xxs">
            <Label htmlFor={`${formId}-symbol`}>{t('rules.symbol')}</Label>
            <Input
              id={`${formId}-symbol`}
              value={draft.symbol}
              onChange={(event) => setDraft({ ...draft, symbol: event.target.value })}
            />
          </Flex>
          <SelectField
            label={t('rules.kind')}
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value as AlertRuleKind })}
          >
            {ALERT_RULE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`rules.kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          {valueField ? (
            <Flex direction="column" gap="xxs">
              <Label htmlFor={`${formId}-value`}>{t(`rules.${valueField}`)}</Label>
              <Input
                id={`${formId}-value`}
                type="number"
                inputMode="decimal"
                value={draft.value}
                onChange={(event) => setDraft({ ...draft, value: event.target.value })}
              />
            </Flex>
          ) : null}
          <Button type="submit" variation="primary" isDisabled={busy}>
            {editing ? t('rules.save') : t('rules.add')}
          </Button>
          {editing ? (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft({ symbol: '', kind: 'price_above', value: '' });
              }}
            >
              {t('rules.cancelEdit')}
            </Button>
          ) : null}
        </Flex>
        {problem ? (
          <Text role="alert" className="alerts__rule-problem">
            {problem}
          </Text>
        ) : null}
      </form>
      {rules.data && rules.data.rules.length === 0 ? (
        <Text className="app-muted">{t('rules.empty')}</Text>
      ) : null}
      <ul className="alerts__rules">
        {rules.data?.rules.map((rule) => (
          <li key={rule.id} data-testid="alert-rule">
            <strong>{rule.symbol}</strong> {t(`rules.kinds.${rule.kind}`)}
            {rule.level !== null ? ` ${rule.level}` : ''}
            {rule.percent !== null ? ` ${rule.percent} %` : ''}{' '}
            <AmplifyBadge size="small" variation={rule.status === 'active' ? 'success' : 'warning'}>
              {t(`rules.statuses.${rule.status}`)}
            </AmplifyBadge>
            {rule.last_triggered_at ? (
              <Text as="span" className="app-muted" fontSize="small">
                {' '}
                {t('rules.lastTriggered', { date: formatDate(rule.last_triggered_at, language) })}
              </Text>
            ) : null}{' '}
            <Button
              size="small"
              isDisabled={busy || rule.status === 'paused'}
              onClick={() => {
                setEditing(rule.id);
                setDraft(draftOf(rule));
              }}
            >
              {t('rules.edit')}
            </Button>{' '}
            <Button
              size="small"
              isDisabled={busy}
              onClick={() =>
                remove.mutate(
                  { params: { ruleId: rule.id } },
                  { onSuccess: () => toast.show({ variant: 'success', title: t('rules.deleted') }), onError },
                )
              }
            >
              {t('rules.delete')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
