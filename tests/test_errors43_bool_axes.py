"""tf.squeeze and tf.reverse take bool axes as TF 2.21 does (errors42's left item): Squeeze's list(int) attribute
reads True as 1 (np.bool_ too), ReverseV2's int32 axis tensor converts Python bools ([False, True] is [0, 1]);
tapeflow refused them ('squeeze: an axis must be an integer (or a list of them), got True'). Values printed by
TF 2.21 (/work/notes/progs/errors43/bax_standalone.py)."""
import numpy as np
import pytest

import framework as tf

X = np.arange(6, dtype='float32').reshape(2, 3)


@pytest.mark.parametrize('axis', [True, [True], np.bool_(True)])
def test_squeeze_reads_true_as_axis_one(axis):
    assert tf.squeeze(np.ones((2, 1), 'float32'), axis).shape == (2,)


def test_squeeze_false_is_axis_zero():
    assert tf.squeeze(tf.ones((1, 2)), False).shape == (2,)


@pytest.mark.parametrize('axis, expected', [
    ([True], [[2.0, 1.0, 0.0], [5.0, 4.0, 3.0]]), ([False, True], [[5.0, 4.0, 3.0], [2.0, 1.0, 0.0]]),
])
def test_reverse_reads_python_bools_as_ints(axis, expected):
    assert tf.reverse(X, axis).numpy().tolist() == expected
