"""autograph13: a Python ``raise`` in a branch of a tensor ``if`` inside a tf.function, as TF 2.21 raises it while
tracing whatever the condition's value (printed by TF 2.21, /work/notes/progs/autograph13/p18.py, p19.py):
AutoGraph traces both branches (main first), so the raise runs, before the branches' outputs are checked
('else branch must also have a return statement' never shows). tapeflow ran the taken branch only: f(-1.0)
returned -1.0, and an else-branch raise under a returning main branch gave the branch-check ValueError."""
import pytest

import framework as tf


def _user_code(error):
    """The 'in user code' frame's source line and the closing message line."""
    lines = str(error).split('\n')
    assert lines[0] == 'in user code:'
    return lines[3].strip(), lines[5].strip()


class Refused(Exception):
    pass


@tf.function
def _raises_when_positive(x):
    if x > 0:
        raise ValueError('positive')
    return x


@tf.function
def _else_raises(x):
    if x > 0:
        return x
    else:
        raise Refused(f'bad {x}')


@tf.function
def _elif_raises(x):
    if x > 0:
        y = x
    elif x < -5:
        raise RuntimeError('very negative')
    else:
        y = -x
    return y


@tf.function
def _raises_in_a_loop(x):
    for _ in tf.range(3):
        if x > 100.0:
            raise ValueError('too big')
        x += 1.0
    return x


@tf.function
def _class_raised(x):
    if tf.reduce_any(x < 0):
        raise ValueError
    return x * 2


@tf.function
def _message_made_before(x):
    msg = 'computed'
    if x > 0 and x < 10:
        return x
    raise KeyError(msg)


def test_the_untaken_branch_raises_while_tracing():
    for value in (-1.0, 1.0):       # TF 2.21: the same error either way, and no trace counted
        with pytest.raises(ValueError) as info:
            _raises_when_positive(tf.constant(value))
        assert _user_code(info.value) == ("raise ValueError('positive')", 'ValueError: positive')
    assert _raises_when_positive.experimental_get_tracing_count() == 0


def test_a_raise_comes_before_the_branch_checks():
    for value in (1.0, -1.0):
        with pytest.raises(Refused) as info:
            _else_raises(tf.constant(value))
        assert _user_code(info.value) == ("raise Refused(f'bad {x}')",
                                          'Refused: bad Tensor("x:0", shape=(), dtype=float32)')
    with pytest.raises(RuntimeError) as info:
        _elif_raises(tf.constant(1.0))
    assert _user_code(info.value) == ("raise RuntimeError('very negative')", 'RuntimeError: very negative')
    with pytest.raises(KeyError) as info:
        _message_made_before(tf.constant(1.0))
    assert _user_code(info.value) == ('raise KeyError(msg)', "KeyError: 'computed'")


def test_raises_in_loops_and_of_classes():
    with pytest.raises(ValueError) as info:
        _raises_in_a_loop(tf.constant(1.0))
    assert _user_code(info.value) == ("raise ValueError('too big')", 'ValueError: too big')
    with pytest.raises(ValueError) as info:
        _class_raised(tf.constant([1.0, 2.0]))
    assert _user_code(info.value) == ('raise ValueError', 'ValueError:')


def test_a_python_condition_picks_its_branch():
    @tf.function
    def flagged(x, flag):
        if flag:
            raise ValueError('flag')
        return x
    assert float(flagged(tf.constant(1.0), False)) == 1.0       # TF 2.21: tf.Tensor(1.0, ...)
