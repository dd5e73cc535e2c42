"""Ops given too few operands (or none) answer as TF 2.21 does.

Golden texts printed by TF 2.21 (Keras 3.15) with, after any op has run:
    try: tf.concat([], 0)
    except Exception as e: print(type(e).__name__, e)
(notes/progs/errors33/empty.py, einsum.py). TF's ConcatV2 text quotes its kernel definition behind bytes
that differ from run to run ('goo.gle/debugonly'); tapeflow keeps the rest of it.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from helpers_error_texts import assert_raises_exactly

_CONCAT_KERNEL = ("KernelDef: 'op: \"ConcatV2\" device_type: \"CPU\" constraint { name: \"T\" allowed_values { list { "
                  "type: DT_QINT32 } } } host_memory_arg: \"axis\"'")


@pytest.mark.parametrize('call, index, name', [
    (lambda: tf.concat([], 0), 'DT_INT32', 'concat'),
    (lambda: tf.concat((), -1), 'DT_INT32', 'concat'),
    (lambda: tf.concat([], 1, name='foo'), 'DT_INT32', 'foo'),
    (lambda: tf.concat([], tf.constant(0, tf.int64)), 'DT_INT64', 'concat'),
    (lambda: keras.ops.concatenate([]), 'DT_INT32', 'concat'),
])
def test_concat_of_no_tensors_is_the_kernels_error(call, index, name):
    # was InvalidArgumentError 'concat: expected a non-empty list of tensors, got []'
    assert_raises_exactly(call, tf.errors.InvalidArgumentError,
                          "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '[N=0, Tidx=%s]', %s "
                          "[Op:ConcatV2] name: %s" % (index, _CONCAT_KERNEL, name))


def test_concat_of_one_value_that_is_no_list_is_that_value():
    # TF 2.21: tf.concat('ab', 0) -> tf.Tensor(b'ab', shape=(), dtype=string); tf.concat(3.0, 0) -> 3.0 float32
    # (tapeflow refused both: 'concat: expected a non-empty list of tensors, got 'ab'')
    assert tf.concat('ab', 0).numpy() == b'ab'
    three = tf.concat(3.0, 0)
    assert three.dtype == tf.float32 and three.shape == () and float(three) == 3.0
    assert tf.concat([[1, 2]], 0).numpy().tolist() == [1, 2]
    with pytest.raises(ValueError) as caught:     # (tapeflow's conversion error is a TypeError too)
        tf.concat({'a': tf.ones([2])}, 0)
    assert type(caught.value).__name__ == 'ValueError'
    assert str(caught.value) == ("Attempt to convert a value ({'a': <tf.Tensor: shape=(2,), dtype=float32, "
                                 "numpy=array([1., 1.], dtype=float32)>}) with an unsupported type (<class 'dict'>) "
                                 "to a Tensor.")


@pytest.mark.parametrize('call, text', [
    (lambda: tf.einsum('ij'), 'Got 0 inputs for equation "ij", expecting 1'),
    (lambda: tf.einsum('ij->i'), 'Got 0 inputs for equation "ij->i", expecting 1'),
    # the equation as the user spelled it, spaces kept (tapeflow printed "ij,jk->ik")
    (lambda: tf.einsum('ij, jk -> ik', tf.ones([2, 3])), 'Got 1 inputs for equation "ij, jk -> ik", expecting 2'),
    (lambda: tf.einsum('ij->i', tf.ones([2, 3]), tf.ones([2, 3])), 'Got 2 inputs for equation "ij->i", expecting 1'),
    # keras.ops.einsum on TF renames the letters; equations it runs as tf.einsum count there
    (lambda: keras.ops.einsum('ij,jk,kl->il', tf.ones([2, 3])), 'Got 1 inputs for equation "ab,bc,cd->ad", expecting 3'),
])
def test_einsum_operand_count(call, text):
    # tf.einsum('ij') was InvalidArgumentError "einsum: 'ij' needs at least one operand"
    assert_raises_exactly(call, ValueError, text)


@pytest.mark.parametrize('call', [
    lambda: keras.ops.einsum('ij,jk->ik', tf.ones([2, 3])),
    lambda: keras.ops.einsum('ab,bc->ac'),
    lambda: keras.ops.einsum('abc,cde->abde', tf.ones([2, 3, 4])),
])
def test_keras_einsum_matmul_recipe_with_one_operand(call):
    # Keras 3's TF backend picks its matmul recipe by the equation and reads operands[1]: IndexError
    # (tapeflow: ValueError 'Got 1 inputs for equation "ab,bc->ac", expecting 2')
    assert_raises_exactly(call, IndexError, 'tuple index out of range')


def test_meshgrid_of_nothing_is_an_empty_list():
    # TF 2.21: print(tf.meshgrid()) -> [], as keras.ops.meshgrid() (tapeflow: IndexError)
    assert tf.meshgrid() == []
    assert tf.meshgrid(indexing='ij') == []
    assert keras.ops.meshgrid() == []
    x, y = tf.meshgrid(tf.constant([1, 2]), tf.constant([3, 4, 5]))
    assert np.array_equal(x.numpy(), [[1, 2]] * 3) and y.shape == (3, 2)
