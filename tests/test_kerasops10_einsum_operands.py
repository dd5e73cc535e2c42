"""keras.ops.einsum of a Python list operand, and of a NumPy operand beside an open-shaped tensor in a trace, as Keras 3
on TF 2.21. Keras maps convert_to_tensor over the operands' structure, so a list stays a list and its dtype is read:
AttributeError "'list' object has no attribute 'dtype'", eagerly and in a trace (tapeflow computed). A (None, 4) x
beside np.ones((2, 4)) in 'ij,ij->i' is Tensor("einsum/Einsum:0", shape=(2,)) in TF's trace, whose shape inference
merges the lengths (tapeflow's stand-in run failed in the Einsum kernel, 1 against 2, and the trace's prints were
lost). Texts and names: TF 2.21's (notes/progs/kerasops10/ein.py, ein_tf.out)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


@pytest.mark.parametrize('call, kind', [
    (lambda x: ops.einsum('ij,jk->ik', x, [[1.] * 3] * 4), 'list'),
    (lambda x: ops.einsum('ij,jk->ik', x, ((1., 2., 3.),) * 4), 'tuple'),
    (lambda x: ops.einsum('ij->j', [[1., 2.]]), 'list'),
    (lambda x: ops.einsum('i->', [1., 2.]), 'list'),
])
def test_python_sequence_operand_has_no_dtype(call, kind):
    with pytest.raises(AttributeError) as caught:
        call(tf.ones((2, 4)))
    assert str(caught.value) == "'%s' object has no attribute 'dtype'" % kind


def test_python_sequence_operand_in_a_trace():
    caught = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        try:
            ops.einsum('ij,jk->ik', x, [[1.] * 3] * 4)
        except AttributeError as error:
            caught.append(str(error))
        return x
    f.get_concrete_function()
    assert caught and set(caught) == {"'list' object has no attribute 'dtype'"}


def test_python_scalar_operand_still_computes():
    # TF 2.21: einsum('ij,->ij', x, 2.) is 2 * x
    np.testing.assert_array_equal(ops.einsum('ij,->ij', tf.ones((2, 4)), 2.).numpy(), np.full((2, 4), 2.))


@pytest.mark.parametrize('call, shape, spec, dtype', [
    # TF 2.21 (ein_tf.out): each Tensor("einsum/Einsum:0", shape=..., dtype=...)
    (lambda x: ops.einsum('ij,ij->i', x, np.ones((2, 4), 'float32')), (2,), (None, 4), 'float32'),
    (lambda x: ops.einsum('ij,ij->i', x, np.ones((2, 4))), (2,), (None, 4), 'float64'),
    (lambda x: ops.einsum('ij,ij->i', x, tf.ones((2, 4))), (2,), (None, 4), 'float32'),
    (lambda x: ops.einsum('ij,ij->i', np.ones((2, 4), 'float32'), x), (2,), (None, 4), 'float32'),
    (lambda x: ops.einsum('ij,ij->ij', x, np.ones((2, 4), 'float32')), (2, 4), (None, 4), 'float32'),
    (lambda x: ops.einsum('bij,bij->b', x, np.ones((2, 3, 4), 'float32')), (2,), (None, None, 4), 'float32'),
])
def test_numpy_operand_fixes_an_open_length(call, shape, spec, dtype):
    shown = []

    @tf.function(input_signature=[tf.TensorSpec(spec, tf.float32)])
    def f(x):
        shown.append(str(call(x)))
        return x
    f.get_concrete_function()
    assert shown[-1] == 'Tensor("einsum/Einsum:0", shape=%s, dtype=%s)' % (shape, dtype)


def test_real_call_of_another_length_is_still_refused():
    # the graph's run refuses the lengths 3 and 2 (TF 2.21: InvalidArgumentError from the Einsum kernel)
    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32)])
    def f(x):
        return ops.einsum('ij,ij->i', x, np.ones((2, 4), 'float32'))
    np.testing.assert_array_equal(f(tf.ones((2, 4))).numpy(), [4., 4.])
    with pytest.raises(tf.errors.InvalidArgumentError):
        f(tf.ones((3, 4)))
