/**
 * The sign-in password input with its show/hide switch: the markup, classes and behaviour of
 * PrimeReact's <Password toggleMask feedback={false}>, without the strength-meter overlay
 * machinery (Portal, OverlayService, transitions) that component always imports. The
 * login route downloads every byte it imports and the meter is never shown here.
 */
import { useHandleStyle } from 'primereact/componentbase';
import { EyeIcon } from 'primereact/icons/eye';
import { EyeSlashIcon } from 'primereact/icons/eyeslash';
import { InputText } from 'primereact/inputtext';
import { classNames } from 'primereact/utils';
import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';

/**
 * The rules PrimeReact's Password injects for itself (primereact/password, verbatim), injected the
 * same way and under the same name, so they apply in the same order against the other components'
 * rules (and a real Password mounted later finds the same text).
 */
const styles = `
@layer primereact {
    .p-password {
        position: relative;
        display: inline-flex;
    }

    .p-password-panel {
        position: absolute;
        top: 0;
        left: 0;
    }

    .p-password .p-password-panel {
        min-width: 100%;
    }

    .p-password-meter {
        height: 10px;
    }

    .p-password-strength {
        height: 100%;
        width: 0%;
        transition: width 1s ease-in-out;
    }

    .p-fluid .p-password {
        display: flex;
    }

    .p-password-input::-ms-reveal,
    .p-password-input::-ms-clear {
        display: none;
    }

    .p-password .p-password-show-icon,
    .p-password .p-password-hide-icon {
        line-height: 1.5;
        cursor: pointer;
    }
}
`;
const unstyled = () => false;

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'className'>;

export interface PasswordFieldProps extends NativeInputProps {
  inputId: string;
  value: string;
  invalid?: boolean;
  /** classes of the wrapper */
  className?: string;
  inputClassName?: string;
  /**
   * the accessible name of the switch ("Show password"): it stays the same, and the switch is
   * checked while the password is shown (a switch's name says what is on, its state whether it is)
   */
  showLabel: string;
}

export function PasswordField({
  inputId,
  value,
  invalid,
  className,
  inputClassName,
  showLabel,
  onFocus,
  onBlur,
  ...inputProps
}: PasswordFieldProps) {
  useHandleStyle(styles, unstyled, { name: 'password' });
  const [unmasked, setUnmasked] = useState(false);
  const [focused, setFocused] = useState(false);

  const toggle = () => setUnmasked((u) => !u);
  const onSwitchKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.code === 'Space') {
      toggle();
      event.preventDefault();
    }
  };
  const switchProps = { role: 'switch', tabIndex: 0, onClick: toggle, onKeyDown: onSwitchKeyDown, 'aria-label': showLabel, 'aria-checked': unmasked };

  return (
    <div
      className={classNames(className, 'p-password p-component p-inputwrapper', {
        'p-inputwrapper-filled': value !== '',
        'p-inputwrapper-focus': focused,
        'p-input-icon-right': true,
      })}
      data-pc-name="password"
      data-pc-section="root"
    >
      <div className="p-icon-field p-icon-field-right" data-pc-name="iconfield" data-pc-section="root">
        <InputText
          {...inputProps}
          id={inputId}
          type={unmasked ? 'text' : 'password'}
          value={value}
          invalid={invalid}
          tabIndex={0}
          className={classNames(inputClassName, 'p-password-input')}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            onBlur?.(event);
          }}
        />
        <span className="p-input-icon" data-pc-name="inputicon" data-pc-section="root">
          {unmasked ? (
            <EyeSlashIcon
              {...switchProps}
              className="p-password-hide-icon"
              data-pc-section="hideicon"
            />
          ) : (
            <EyeIcon
              {...switchProps}
              className="p-password-show-icon"
              data-pc-section="showicon"
            />
          )}
        </span>
      </div>
    </div>
  );
}
