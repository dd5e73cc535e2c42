"""model.summary() on a terminal carries the bold and colors rich gives Keras 3's (fitlogs).

Keras prints its summary through a rich Console, which writes ANSI escapes where stdout is a terminal
(or FORCE_COLOR is set); tapeflow printed plain text there. Each expected line below is TF 2.21's,
printed with FORCE_COLOR=1 (/work/notes/progs/fitlogs/p08.py); the same bytes came under a pty (script -q).
"""
import logging

import pytest

from framework import keras
from framework.keras import layers


@pytest.fixture
def terminal(monkeypatch):
    """A console rich takes for a terminal (capsys's stdout is not a tty; FORCE_COLOR says it is)."""
    monkeypatch.setenv('FORCE_COLOR', '1')
    monkeypatch.setenv('TERM', 'xterm')
    monkeypatch.delenv('NO_COLOR', raising=False)
    monkeypatch.delenv('TTY_COMPATIBLE', raising=False)
    monkeypatch.delenv('COLUMNS', raising=False)
    return monkeypatch


def _lines(capsys):
    return capsys.readouterr().out.split('\n')[:-1]


def _functional():
    inp = keras.Input((3,), name='x')
    hidden = layers.Dense(2, name='hidden')(inp)
    return keras.Model(inp, layers.Concatenate(name='cat')([hidden, inp]), name='f')


def _unbuilt():
    return keras.Sequential([layers.Dense(1, name='d')], name='u')


def test_functional_summary_with_trainable_column_on_a_terminal(terminal, capsys):
    _functional().summary(show_trainable=True)
    assert _lines(capsys) == [
        '\x1b[1mModel: "f"\x1b[0m',
        '┏━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━┳━━━━━━━━━━━━━━━━┳━━━━━━━┓',
        '┃\x1b[1m \x1b[0m\x1b[1mLayer (type)     \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mOutput Shape   \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1m  Param #\x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mConnected to  \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mTrai…\x1b[0m\x1b[1m \x1b[0m┃',
        '┡━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━━━━━━━╇━━━━━━━┩',
        '│ x (\x1b[94mInputLayer\x1b[0m)    │ (\x1b[96mNone\x1b[0m, \x1b[32m3\x1b[0m)       │         \x1b[32m0\x1b[0m │ -              │   \x1b[1m-\x1b[0m   │',
        '├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤',
        '│ hidden (\x1b[94mDense\x1b[0m)    │ (\x1b[96mNone\x1b[0m, \x1b[32m2\x1b[0m)       │         \x1b[32m8\x1b[0m │ x[\x1b[32m0\x1b[0m][\x1b[32m0\x1b[0m]        │   \x1b[1;32mY\x1b[0m   │',
        '├───────────────────┼─────────────────┼───────────┼────────────────┼───────┤',
        '│ cat (\x1b[94mConcatenate\x1b[0m) │ (\x1b[96mNone\x1b[0m, \x1b[32m5\x1b[0m)       │         \x1b[32m0\x1b[0m │ hidden[\x1b[32m0\x1b[0m][\x1b[32m0\x1b[0m],  │   \x1b[1m-\x1b[0m   │',
        '│                   │                 │           │ x[\x1b[32m0\x1b[0m][\x1b[32m0\x1b[0m]        │       │',
        '└───────────────────┴─────────────────┴───────────┴────────────────┴───────┘',
        '\x1b[1m Total params: \x1b[0m\x1b[32m8\x1b[0m (32.00 B)',
        '\x1b[1m Trainable params: \x1b[0m\x1b[32m8\x1b[0m (32.00 B)',
        '\x1b[1m Non-trainable params: \x1b[0m\x1b[32m0\x1b[0m (0.00 B)'
    ]


def test_narrow_summary_wraps_and_cuts_styled_cells_as_rich_does(terminal, capsys):
    # the header's blank line is one bold stretch; an ellipsis takes the style of the letter it replaces
    model = keras.Sequential([keras.Input((2,)), layers.BatchNormalization(name='a_long_batch_norm_name')], name='s')
    model.layers[0].trainable = False
    model.summary(line_length=34, show_trainable=True)
    assert _lines(capsys) == [
        '\x1b[1mModel: "s"\x1b[0m',
        '┏━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━┳━━━┓',
        '┃\x1b[1m \x1b[0m\x1b[1mLayer     \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mOutput  \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mP…\x1b[0m\x1b[1m \x1b[0m┃\x1b[1m   \x1b[0m┃',
        '┃\x1b[1m \x1b[0m\x1b[1m(type)    \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mShape   \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1m #\x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1m…\x1b[0m\x1b[1m \x1b[0m┃',
        '┡━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━╇━━━┩',
        '│ a_long_ba… │ (\x1b[96mNone\x1b[0m,   │  \x1b[32m8\x1b[0m │ \x1b[1;91mN\x1b[0m │',
        '│ (\x1b[94mBatchNor…\x1b[0m │ \x1b[32m2\x1b[0m)       │    │   │',
        '└────────────┴──────────┴────┴───┘',
        '\x1b[1m Total params: \x1b[0m\x1b[32m8\x1b[0m (32.00 B)',
        '\x1b[1m Trainable params: \x1b[0m\x1b[32m0\x1b[0m (0.00 B)',
        '\x1b[1m Non-trainable params: \x1b[0m\x1b[32m8\x1b[0m (32.00 B)'
    ]


UNBUILT = [
    '\x1b[1mModel: "u"\x1b[0m',
    '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓',
    '┃\x1b[1m \x1b[0m\x1b[1mLayer (type)                   \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1mOutput Shape          \x1b[0m\x1b[1m \x1b[0m┃\x1b[1m \x1b[0m\x1b[1m      Param #\x1b[0m\x1b[1m \x1b[0m┃',
    '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩',
    '│ d (\x1b[94mDense\x1b[0m)                       │ ?                      │   \x1b[32m0\x1b[0m (unbuilt) │',
    '└─────────────────────────────────┴────────────────────────┴───────────────┘',
    '\x1b[1m Total params: \x1b[0m\x1b[32m0\x1b[0m (0.00 B)',
    '\x1b[1m Trainable params: \x1b[0m\x1b[32m0\x1b[0m (0.00 B)',
    '\x1b[1m Non-trainable params: \x1b[0m\x1b[32m0\x1b[0m (0.00 B)'
]


def test_unbuilt_layer_colors_only_its_zero(terminal, capsys):
    _unbuilt().summary()
    assert _lines(capsys) == UNBUILT


def test_no_color_keeps_the_bold_alone(terminal, capsys):
    terminal.setenv('NO_COLOR', '1')
    _unbuilt().summary()
    lines = _lines(capsys)
    assert lines[4] == '│ d (Dense)                       │ ?                      │   0 (unbuilt) │'
    assert lines[6:] == ['\x1b[1m Total params: \x1b[0m0 (0.00 B)', '\x1b[1m Trainable params: \x1b[0m0 (0.00 B)',
                         '\x1b[1m Non-trainable params: \x1b[0m0 (0.00 B)']
    assert lines[:4] == UNBUILT[:4]


def _plain(lines):
    import re
    return [re.sub('\x1b\\[[0-9;]*m', '', line) for line in lines]


@pytest.mark.parametrize('how', ['print_fn', 'dumb', 'pipe', 'tty_incompatible'])
def test_plain_text_where_rich_has_no_terminal(terminal, capsys, how):
    if how == 'dumb':
        terminal.setenv('TERM', 'dumb')
    elif how == 'pipe':
        terminal.delenv('FORCE_COLOR')
    elif how == 'tty_incompatible':
        terminal.setenv('TTY_COMPATIBLE', '0')
    _unbuilt().summary(print_fn=print if how == 'print_fn' else None)
    assert _lines(capsys)[:9] == _plain(UNBUILT)


def test_summary_goes_to_the_absl_log_when_interactive_logging_is_off(capsys, caplog):
    # Keras 3 hands it to io_utils.print_msg, which logs rather than prints
    keras.config.disable_interactive_logging()
    try:
        with caplog.at_level(logging.INFO, logger='absl'):
            _unbuilt().summary()
    finally:
        keras.config.enable_interactive_logging()
    assert capsys.readouterr().out == ''
    assert caplog.records[-1].getMessage().split('\n')[:9] == _plain(UNBUILT)


def test_a_title_wider_than_the_console_wraps_as_rich_does(terminal, capsys):
    # TF 2.21 (p28.py, piped): rich wraps the title at the console's width (80), cutting a word longer
    # than the line; a narrower console (COLUMNS=30) wraps the totals too, dropping the space at the break
    terminal.delenv('FORCE_COLOR')
    long_name = 'a_very_long_model_name_that_is_longer_than_the_console_width_of_eighty_characters_for_sure'
    keras.Sequential([keras.Input((3,)), layers.Dense(2)], name=long_name).summary()
    assert _lines(capsys)[:3] == [
        'Model: ', '"a_very_long_model_name_that_is_longer_than_the_console_width_of_eighty_characte', 'rs_for_sure"']
    terminal.setenv('COLUMNS', '30')
    keras.Sequential([keras.Input((3,)), layers.Dense(2, name='dense')],
                     name='model with spaces and [brackets] and more words to wrap around the console edge ok').summary()
    assert _lines(capsys) == [
        'Model: "model with spaces and ',
        '[brackets] and more words to ',
        'wrap around the console edge ',
        'ok"',
        '┏━━━━━━━━━━┳━━━━━━━┳━━━━━┓',
        '┃ Layer    ┃ Outp… ┃ Pa… ┃',
        '┃ (type)   ┃ Shape ┃   # ┃',
        '┡━━━━━━━━━━╇━━━━━━━╇━━━━━┩',
        '│ dense    │ (Non… │   8 │',
        '│ (Dense)  │ 2)    │     │',
        '└──────────┴───────┴─────┘',
        ' Total params: 8 (32.00 B)',
        ' Trainable params: 8 (32.00 B)',
        ' Non-trainable params: 0 (0.00',
        'B)',
    ]
