"""tf.while_loop takes ExtensionType loop variables, as TF 2.21 (guide/extension_type's control-flow cell).

tapeflow tried to convert a MaskedTensor loop variable to a tensor: ValueError 'while_loop: a loop variable
cannot be a tensor: Attempt to convert a value (MaskedTensor(...)) ...'. A bare ExtensionType as loop_vars is
TF's TypeError "object of type 'MaskedTensor' has no len()". Values printed by TF 2.21 (probes ex4.py, ex5.py
in /work/notes/progs/tutorials36).
"""
import pytest

import framework as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


def _a():
    return MaskedTensor([1., 2, 3], [True, False, True])


def _double(x):
    return MaskedTensor(x.values * 2, x.mask)


def test_list_tuple_and_mixed_loop_vars():
    (out,) = tf.while_loop(lambda x: tf.reduce_sum(x.values) < 100, lambda x: [_double(x)], [_a()])
    assert out.values.numpy().tolist() == [32., 64., 96.]
    assert out.mask.numpy().tolist() == [True, False, True]
    i, m = tf.while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, MaskedTensor(x.values + 1, x.mask)), (0, _a()))
    assert (int(i), m.values.numpy().tolist()) == (3, [4., 5., 6.])
    (limited,) = tf.while_loop(lambda x: True, lambda x: (_double(x),), (_a(),), maximum_iterations=2)
    assert limited.values.numpy().tolist() == [4., 8., 12.]


def test_in_a_tf_function():
    @tf.function
    def h(m):
        return tf.while_loop(lambda x: tf.reduce_sum(x.values) < 50, lambda x: [MaskedTensor(x.values * 3, x.mask)],
                             [m])
    (out,) = h(_a())
    assert out.values.numpy().tolist() == [9., 18., 27.]


def test_a_bare_extension_type_is_refused():
    with pytest.raises(TypeError, match="^object of type 'MaskedTensor' has no len\\(\\)"):
        tf.while_loop(lambda x: tf.reduce_sum(x.values) < 100, _double, _a())
