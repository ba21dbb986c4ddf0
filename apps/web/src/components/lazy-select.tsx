import type { SelectProps } from 'antd';
import { type ComponentType, type CSSProperties, type KeyboardEvent, useState } from 'react';
import { PlainIcon } from './plain-icon';

interface LazySelectOption<V extends number | string> {
  value: V;
  label: string;
}

export interface LazySelectProps<V extends number | string> {
  'aria-label': string;
  placeholder?: string;
  /** The chosen option's value; null or undefined shows the placeholder. */
  value?: V | null;
  onChange: (value: V) => void;
  options: LazySelectOption<V>[];
  loading?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: antd's Select is generic over its value; the props above are typed.
type AntdSelect = ComponentType<SelectProps<any>>;

let loaded: AntdSelect | null = null;
let loading: Promise<AntdSelect> | null = null;

/** antd's Select, fetched once (its code and rc-select's: some 21 kB on the wire); again after a failure. */
function loadSelect(): Promise<AntdSelect> {
  loading ??= import('./lazy-select-antd').then(
    (module) => {
      loaded = module.Select as AntdSelect;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * antd's Select, loaded when a select is first focused or opened: until then the chosen option (or
 * the placeholder) is drawn as plain markup in Select's look (`lw-select`), with the same label and
 * test id. A pointer press or key that opens it opens the loaded Select, which takes the focus. For selects
 * on pages whose first screen should not carry Select's code (the plan's gateway and group pickers).
 */
export function LazySelect<V extends number | string>(props: LazySelectProps<V>) {
  const [Select, setSelect] = useState<AntdSelect | null>(() => loaded);
  const [wanted, setWanted] = useState<'focus' | 'open' | null>(null);
  const { 'aria-label': label, placeholder, value, onChange, options, loading: busy, style } = props;

  if (Select) {
    return (
      <Select
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(next: V) => onChange(next)}
        options={options}
        loading={busy}
        style={style}
        data-testid={props['data-testid']}
        autoFocus={wanted !== null}
        defaultOpen={wanted === 'open'}
      />
    );
  }

  const start = (how: 'focus' | 'open') => {
    setWanted((current) => (current === 'open' ? current : how));
    // Should the code not arrive, the select stays as drawn and the next focus or click asks again.
    loadSelect().then(
      (component) => setSelect(() => component),
      () => undefined,
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    start('open');
  };
  const chosen = value === null || value === undefined ? undefined : options.find((option) => option.value === value);
  return (
    <div
      role="combobox"
      tabIndex={0}
      aria-label={label}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-busy={busy || undefined}
      className="lw-select"
      style={style}
      data-testid={props['data-testid']}
      onFocus={() => start('focus')}
      // A press asks for the list at once: should antd's Select arrive between the press and the release, the
      // release lands on the new element and no click follows, so waiting for the click could leave it shut.
      onMouseDown={() => start('open')}
      onClick={() => start('open')}
      onKeyDown={onKeyDown}
    >
      <span className={chosen ? 'lw-select__value' : 'lw-select__value lw-select__value--placeholder'}>
        {chosen ? chosen.label : placeholder}
      </span>
      <span className="lw-select__arrow">
        {busy ? (
          <PlainIcon name="LoadingOutlined" viewBox="0 0 1024 1024" className="lw-select__spin" />
        ) : (
          <PlainIcon name="DownOutlined" />
        )}
      </span>
    </div>
  );
}
