"""Dataset.reduce traces its function once, as TF 2.21 does (progs/me19/red.py run under TF and tapeflow:
the printed lines and texts below are TF's)."""
import numpy as np
import pytest

import framework as tf


def test_a_print_in_reduce_func_shows_once_with_placeholders(capsys):
    def f(s, x):
        print('py', s, x)
        return s + x
    assert int(tf.data.Dataset.range(4).reduce(np.int64(0), f)) == 6
    assert capsys.readouterr().out.splitlines() == [
        'py Tensor("args_0:0", shape=(), dtype=int64) Tensor("args_1:0", shape=(), dtype=int64)']


def test_a_dtype_clash_in_reduce_func_is_the_traces_type_error():
    with pytest.raises(TypeError) as caught:
        tf.data.Dataset.range(10).reduce(0, lambda s, x: s + x)
    assert str(caught.value).strip().splitlines()[-1].strip() == \
        "TypeError: Input 'y' of 'AddV2' Op has type int64 that does not match type int32 of argument 'x'."


def test_a_state_of_another_dtype_is_refused_in_tf_words():
    with pytest.raises(TypeError) as caught:
        tf.data.Dataset.range(3).reduce((np.int64(0), np.int64(1)), lambda s, x: (s[0], tf.cast(s[1], tf.float32)))
    assert str(caught.value) == ('The element types for the new state must match the initial state. Expected '
                                 '(tf.int64, tf.int64) but got (tf.int64, tf.float32).')
